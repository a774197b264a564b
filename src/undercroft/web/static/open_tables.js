// The lobby's list of open tables (index.html, #open-tables): every game on this
// server that has not ended, with the link to its table screen, so that a lost watch
// link can be found again (GET /api/tables, docs/web-api.md). Seats' links are never
// listed: a seat is joined through the code its table screen shows until it is taken.

import {absolute, requestJson} from "./api.js";
import {byId, el, fill} from "./dom.js";

/** "1 seat", "2 seats". */
function count(number, word) {
  return `${number} ${word}${number === 1 ? "" : "s"}`;
}

/** One table's line: its game, how far it has gone, who sits, and its screen's link. */
function tableItem(table) {
  const humans = (table.seats || []).filter((seat) => !seat.automated);
  const open = humans.filter((seat) => !seat.joined).map((seat) => seat.seat);
  const seats = open.length
    ? `${count(open.length, "seat")} free (${open.join(", ")})`
    : "every seat taken";
  const link = table.watch_url
    ? el("a", {href: absolute(table.watch_url), target: "_blank", rel: "noopener noreferrer",
               class: "button small watch-link"}, "Open the table screen")
    : el("span", {class: "muted"}, "(made before links were kept: use the link given then)");
  return el("li", {class: "open-table", dataset: {table: String(table.table)}},
    el("b", {}, `Table ${table.table}`), ` · ${table.system} · step ${table.step} · ${seats} `,
    link);
}

const REFRESH_MS = 15000;
let timer = null;

/** Draws the list now and every few seconds after, and on the Refresh button. */
export function showOpenTables() {
  byId("refresh-tables").onclick = drawOpenTables;
  drawOpenTables();
  if (timer === null) timer = window.setInterval(drawOpenTables, REFRESH_MS);
}

/** Fetches and draws the list; a failure is said in the list's place. */
async function drawOpenTables() {
  const list = byId("open-tables");
  let tables;
  try {
    tables = await requestJson("/api/tables");
  } catch (error) {
    fill(list, el("li", {class: "problem"}, `Could not list the tables: ${error.message}`));
    return;
  }
  fill(list, tables.length ? tables.map(tableItem)
    : el("li", {class: "muted"}, "No open tables yet: create one above."));
}
