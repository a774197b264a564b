// The table screen's "Map files" menu: the current level as files to take away
// (docs/web-api.md), a Universal VTT file for a virtual tabletop and a PDF to print,
// both the players' version. Shown only for a system with a players' map; it closes
// after a download, on Escape and on a click elsewhere, so it never stays over the TV.
import {byId} from "./dom.js";

const menu = byId("menu");

/** Show the menu when the table has a map, with links that carry the table's token. */
export function drawMapFiles(state, token) {
  const mapped = Boolean(token) && (state.capabilities || []).includes("players_map");
  menu.hidden = !mapped;
  if (!mapped) return;
  const query = `?t=${encodeURIComponent(token)}`;
  byId("download-uvtt").href = `/api/table/map.uvtt${query}`;
  byId("download-pdf").href = `/api/table/map.pdf${query}`;
  byId("download-pdf-letter").href = `/api/table/map.pdf${query}&paper=letter`;
}

for (const link of menu.querySelectorAll("a")) {
  link.addEventListener("click", () => { menu.open = false; });
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") menu.open = false;
});
document.addEventListener("click", (event) => {
  if (!menu.contains(event.target)) menu.open = false;
});
