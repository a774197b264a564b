// A player's phone (seat.html): follows the seat over the WebSocket with the seat
// token from the page's address, shows its hero(es) and what the seat alone may
// know, and sends a legal choice when a button is pressed (docs/web-api.md).

import {followState, pageToken, requestJson, withQuery} from "./api.js";
import {byId, el, fill} from "./dom.js";
import {EventLog, touches} from "./log.js";
import {drawFoes, drawOutcome, heroCard, waitingLine} from "./panels.js";
import {details, heroesOf, heroesOfSeat} from "./views.js";

const token = pageToken();
let names = new Set(); // this seat and the heroes it plays: whose dice to show
let sending = false;
let halves = {}; // legal choice -> its "take half" form (Amulet)
let shownStep = 0; // the step of the state whose choices are on the buttons
const openHeroes = new Set(); // heroes shown in full stay open as new states come in
const log = new EventLog(byId("my-log"), {filter: (event) => touches(event, names)});

function draw(state) {
  if (!state.seat) return; // not a seat's state
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
  drawChoices(state, view);
  log.update(state);
  fill(byId("known"), details(view, 3));
}

/** The legal choices as buttons, the claim and take-half toggles, and what was chosen. */
function drawChoices(state, view) {
  const legal = state.legal || [];
  halves = state.take_half || {};
  const halving = legal.some((text) => text in halves);
  byId("half-panel").hidden = !halving;
  if (!halving) byId("half").checked = false;
  const claims = Array.isArray(view.claims) ? view.claims : [];
  const claimable = claims.length > 0 && legal.length > 0;
  byId("claim-panel").hidden = !claimable;
  fill(byId("claims"), claims.map((text) => el("li", {}, text)));
  if (!claimable) byId("claim").checked = false;
  const chosen = state.chosen ? `You chose: ${state.chosen}.` : "";
  byId("chosen").textContent = state.outcome ? "" : chosen ||
    (legal.length ? "Choose:" : "Nothing to choose now.");
  fill(byId("choices"), legal.map((text) =>
    el("button", {type: "button", class: text in halves ? "choice halves" : "choice",
                  disabled: sending, onclick: () => choose(text)}, text)));
}

async function choose(text) {
  if (sending) return;
  sending = true;
  const claim = byId("claim").checked && !byId("claim-panel").hidden;
  // Modos "take half": the choice's own form with half the die instead of a roll.
  if (byId("half").checked && !byId("half-panel").hidden && text in halves) text = halves[text];
  for (const button of byId("choices").querySelectorAll("button")) button.disabled = true;
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
    for (const button of byId("choices").querySelectorAll("button")) button.disabled = false;
  }
}

function showConnection(word) {
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

if (token) {
  followState(token, draw, showConnection);
} else {
  problem("This page needs a seat link (/seat?t=...): ask the table for your invite.");
  showConnection("no link");
}
