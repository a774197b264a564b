// The table screen's menu: the current level as files to take away (docs/web-api.md),
// a Universal VTT file for a virtual tabletop and a PDF to print, both the players'
// version. Shown only for a system with a players' map.
import {byId} from "./dom.js";

/** Show the menu when the table has a map, with links that carry the table's token. */
export function drawMapFiles(state, token) {
  const mapped = Boolean(token) && (state.capabilities || []).includes("players_map");
  byId("menu").hidden = !mapped;
  if (!mapped) return;
  const query = `?t=${encodeURIComponent(token)}`;
  byId("download-uvtt").href = `/api/table/map.uvtt${query}`;
  byId("download-pdf").href = `/api/table/map.pdf${query}`;
}
