// A player's phone (seat.html): follows the seat over the WebSocket with the seat
// token from the page's address, shows its hero(es), a sketch of its hero's room and
// what the seat alone may know, and sends a legal choice when a button is pressed
// (docs/web-api.md). Buttons show each choice in words (the state's `words`): futile
// ones muted with their reason, pointless ones folded under "more choices".

import {followState, pageToken, requestJson, withQuery} from "./api.js";
import {byId, el, fill} from "./dom.js";
import {EventLog, touches} from "./log.js";
import {drawFoes, drawOutcome, heroCard, waitingLine} from "./panels.js";
import {roomOf, roomSketch} from "./room_sketch.js";
import {details, heroesOf, heroesOfSeat} from "./views.js";

const token = pageToken();
let names = new Set(); // this seat and the heroes it plays: whose dice to show
let sending = false;
let halves = {}; // legal choice -> its "take half" form (Amulet)
let shownStep = 0; // the step of the state whose choices are on the buttons
let saidAs = {}; // choice text -> its words, kept so "You chose" can say it in words
let moreOpen = false; // the folded "more choices" stay open as new states come in
let lastState = null;
const openHeroes = new Set(); // heroes shown in full stay open as new states come in
const log = new EventLog(byId("my-log"), {token, filter: (event) => touches(event, names),
                                          filterKey: () => [...names].join("\n")});

function draw(state) {
  if (!state.seat) return; // not a seat's state
  lastState = state;
  const view = state.view || {};
  // The step on the body lets a watcher (and the browser test) see the page keep up.
  document.body.dataset.step = String(state.step);
  shownStep = state.step;
  const mine = heroesOfSeat(view, state.seat);
  names = new Set([state.seat, ...mine.map((hero) => hero.name)]);
  byId("title").textContent = state.seat;
  document.title = `Undercroft - ${state.seat}`;
  byId("waiting").textContent = waitingLine(state);
  fill(byId("mine"), mine.length
    ? mine.map((hero) => [heroCard(hero), el("details", {
        class: "hero-details", open: openHeroes.has(hero.name),
        ontoggle: (toggled) => (toggled.currentTarget.open ? openHeroes.add(hero.name)
          : openHeroes.delete(hero.name))},
      el("summary", {}, `${hero.name} in full`), details(hero.raw))])
    : el("p", {class: "muted"}, `You play ${state.seat}: no hero of your own.`));
  fill(byId("party"), heroesOf(view).filter((hero) => !names.has(hero.name)).map(heroCard));
  drawFoes(byId("foes"), view);
  drawOutcome(byId("outcome"), state);
  drawRoom(view, state.seat);
  drawFallen(state, mine);
  drawChoices(state, view);
  log.update(state);
  fill(byId("known"), details(view, 3));
}

/** The hero's room as a small map, when the system has rooms (Amulet). */
function drawRoom(view, seat) {
  const room = roomOf(view, seat);
  byId("room-panel").hidden = !room;
  if (room) fill(byId("room-sketch"), roomSketch(room));
}

/** A fallen hero's player: what a token does, and waiting without tapping every step. */
function drawFallen(state, mine) {
  const fallen = !state.outcome && mine.length > 0 && mine.every((hero) => hero.down);
  byId("fallen").hidden = !fallen;
  if (!fallen) {
    byId("stay-down").checked = false;
    return;
  }
  if (!mine.some((hero) => typeof hero.raw.tokens === "number")) {
    byId("fallen-text").textContent = "Your hero has fallen: the party plays on.";
    byId("stay-down-panel").hidden = true;
    return;
  }
  const tokens = mine.reduce((sum, hero) => sum + (Number(hero.raw.tokens) || 0), 0);
  // The token choice's own words say what it does ("back in the game with 100 health").
  const said = /^Spend a token: (.*) \(spend a token\)$/.exec(state.words?.["spend a token"]?.words || "");
  const plural = tokens === 1 ? "token" : "tokens";
  byId("fallen-text").textContent = tokens > 0
    ? `Your hero has fallen. You have ${tokens} ${plural}: spend one at any step to be ` +
      `${said ? said[1] : "back in the game"}. Until then the party plays on.`
    : "Your hero has fallen and has no token left to come back with: the party plays on.";
  byId("stay-down-panel").hidden = tokens <= 0;
}

/** The legal choices as buttons in words, the claim and take-half toggles, and what was
 * chosen. A fallen hero's player who chose to stay down answers "wait" by itself. */
function drawChoices(state, view) {
  const legal = state.legal || [];
  const words = state.words || {};
  for (const [text, worded] of Object.entries(words)) saidAs[text] = worded.words;
  halves = state.take_half || {};
  const halving = legal.some((text) => text in halves);
  byId("half-panel").hidden = !halving;
  if (!halving) byId("half").checked = false;
  const claims = Array.isArray(view.claims) ? view.claims : [];
  const claimable = claims.length > 0 && legal.length > 0;
  byId("claim-panel").hidden = !claimable;
  fill(byId("claims"), claims.map((text) => el("li", {}, text)));
  if (!claimable) byId("claim").checked = false;
  const chosen = state.chosen ? `You chose: ${saidAs[state.chosen] || state.chosen}.` : "";
  byId("chosen").textContent = state.outcome ? "" : chosen ||
    (legal.length ? "Choose:" : "Nothing to choose now.");
  const shown = legal.filter((text) => !words[text]?.pointless);
  const folded = legal.filter((text) => words[text]?.pointless);
  fill(byId("choices"), shown.map((text) => choiceButton(text, words[text])));
  const more = byId("more-choices");
  more.hidden = !folded.length;
  more.open = moreOpen && folded.length > 0;
  byId("more-count").textContent = `More choices (${folded.length})`;
  fill(byId("more-list"), folded.map((text) => choiceButton(text, words[text])));
  if (byId("stay-down").checked && !byId("fallen").hidden && legal.includes("wait")
      && !state.chosen) {
    queueMicrotask(() => choose("wait"));
  }
}

/** One choice: its words (the id in brackets), muted with the reason when futile. */
function choiceButton(text, worded) {
  const classes = ["choice", text in halves ? "halves" : "", worded?.futile ? "futile" : "",
                   worded?.pointless ? "pointless" : ""].filter(Boolean).join(" ");
  return el("button", {type: "button", class: classes, disabled: sending,
                       dataset: {choice: text}, onclick: () => choose(text)},
    el("span", {class: "words"}, worded?.words || text),
    worded?.futile ? el("span", {class: "why"}, `Cannot help: ${worded.futile}`) : null);
}

async function choose(text) {
  if (sending) return;
  sending = true;
  const claim = byId("claim").checked && !byId("claim-panel").hidden;
  // Modos "take half": the choice's own form with half the die instead of a roll.
  if (byId("half").checked && !byId("half-panel").hidden && text in halves) text = halves[text];
  for (const button of choiceButtons()) button.disabled = true;
  byId("error").hidden = true;
  try {
    // A leading "!" also claims the last step's announcements (Amulet). The step says
    // which state the choice answers: sent twice (two tabs, a retry) it counts once, and
    // sent after the table moved on it is refused (409) instead of landing in a later step.
    const state = await requestJson(withQuery("/api/seat/choose", {t: token}), {
      method: "POST", body: {choice: claim ? `!${text}` : text, step: shownStep}});
    byId("claim").checked = false;
    byId("half").checked = false;
    sending = false;
    if (state) draw(state);
  } catch (error) {
    sending = false;
    const node = byId("error");
    node.textContent = error.message;
    node.hidden = false;
    for (const button of choiceButtons()) button.disabled = false;
  }
}

function choiceButtons() {
  return document.querySelectorAll("button.choice");
}

function showConnection(word) {
  if (word === "live") log.refresh(); // the whole log, on page load and on reconnect
  const node = byId("connection");
  node.textContent = word;
  node.className = `connection ${word}`;
  if (word === "limited") problem("Too many wrong links from this device: trying again in a minute.");
  if (word === "refused") problem("This seat link is not valid (or it has expired).");
}

function problem(text) {
  const node = byId("problem");
  node.textContent = text;
  node.hidden = false;
}

byId("stay-down").addEventListener("change", () => {
  if (lastState) drawChoices(lastState, lastState.view || {});
});
byId("more-choices").addEventListener("toggle", (event) => {
  moreOpen = event.currentTarget.open;
});

if (token) {
  followState(token, draw, showConnection);
} else {
  problem("This page needs a seat link (/seat?t=...): ask the table for your invite.");
  showConnection("no link");
}
