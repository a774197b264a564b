// The shared screen (table.html): follows the table over the WebSocket with the
// table token from the page's address and draws every state (docs/web-api.md).

import {followState, pageToken} from "./api.js";
import {byId, fill} from "./dom.js";
import {Countdown, drawRooms, levelLine} from "./amulet.js";
import {TableMap, mapLegend} from "./map.js";
import {EventLog} from "./log.js";
import {drawFacts, drawFoes, drawHeroes, drawOutcome, drawSeats, waitingLine} from "./panels.js";
import {Announcer} from "./speech.js";
import {drawInvites} from "./invites.js";
import {drawMapFiles} from "./map_files.js";

const token = pageToken();
const announcer = new Announcer(byId("announcement"));
const log = new EventLog(byId("log"), {token});
const countdown = new Countdown(byId("countdown"));
const map = token ? new TableMap(byId("map"), byId("map-key"), token) : null;
fill(byId("map-legend-body"), mapLegend());

function draw(state) {
  const view = state.view || {};
  // A game the players map (capability players_map) gets the map; one on levels (a
  // view with a depth: Amulet) the rooms found, the level's headline and the countdown;
  // the others their facts.
  const mapped = (state.capabilities || []).includes("players_map");
  const level = mapped && view.depth !== undefined;
  // The step on the body lets a watcher (and the browser test) see the page keep up.
  document.body.dataset.step = String(state.step);
  byId("title").textContent = state.title || state.system;
  document.title = `Undercroft - ${state.title || state.system} table`;
  byId("headline").textContent = level
    ? `${levelLine(view)} · round ${view.round} · step ${state.step}`
    : `round ${view.round ?? "?"} · step ${state.step}`;
  byId("waiting").textContent = waitingLine(state);
  drawHeroes(byId("heroes"), view);
  drawFoes(byId("foes"), view);
  drawSeats(byId("seats"), state);
  drawOutcome(byId("outcome"), state);
  for (const id of ["countdown-panel", "rooms-panel"]) byId(id).hidden = !level;
  byId("map-panel").hidden = !mapped;
  byId("grid").classList.toggle("mapped", mapped);
  document.body.classList.toggle("mapped", mapped);
  byId("facts-panel").hidden = level;
  if (mapped) map.refresh(state);
  if (level) {
    countdown.update(state);
    drawRooms(byId("rooms"), view);
    drawPurse(view);
  } else {
    drawFacts(byId("facts"), view);
  }
  log.update(state);
  announcer.update(state);
  drawInvites(state, token);
  drawMapFiles(state, token);
}

/** The party's treasure and tokens in one line. */
function drawPurse(view) {
  const heroes = view.heroes || [];
  const sum = (field) => heroes.reduce((total, hero) => total + (hero[field] || 0), 0);
  byId("purse").textContent = `Treasure ${sum("treasure")} · tokens ${sum("tokens")}`;
}

function showConnection(word) {
  if (word === "live") log.refresh(); // the whole log, on page load and on reconnect
  const node = byId("connection");
  node.textContent = word;
  node.className = `connection ${word}`;
  if (word === "limited") problem("Too many wrong links from this device: trying again in a minute.");
  if (word === "refused") problem("This table link is not valid (or it has expired).");
}

function problem(text) {
  const node = byId("problem");
  node.textContent = text;
  node.hidden = false;
}

byId("sound").addEventListener("click", (click) => {
  const on = announcer.enableVoice();
  click.currentTarget.textContent = on ? "Sound is on" : "No speech in this browser";
  click.currentTarget.disabled = true;
});

if (token) {
  followState(token, draw, showConnection);
} else {
  problem("This page needs a table link (/table?t=...): create a table in the lobby.");
  showConnection("no link");
}
