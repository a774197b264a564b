// Panels both the table screen and a seat's phone draw from a state: heroes,
// foes, the place, who is choosing, and how the game ended.

import {el, fill, healthBar} from "./dom.js";
import {coinLines, healthWords} from "./facts.js";
import {factsOf, foesOf, heroesOf, label} from "./views.js";

/** One hero: name, what it is, a health bar, its counters and status. */
export function heroCard(hero) {
  return el("article", {class: `hero${hero.down ? " down" : ""}`, dataset: {hero: hero.name}},
    el("header", {},
      el("h3", {}, hero.name),
      // "Wizard wizard" says nothing twice: a title that only repeats the name is left out.
      hero.title && hero.title.toLowerCase() !== hero.name.toLowerCase()
        ? el("span", {class: "muted"}, hero.title) : null,
      hero.player && hero.player !== hero.name ? el("span", {class: "muted"}, `(${hero.player})`)
        : null),
    hero.health !== null ? health(hero) : null,
    hero.counters.length ? el("ul", {class: "counters"}, hero.counters.map((words) => el("li", {}, words)))
      : null,
    hero.status ? el("p", {class: "status"}, hero.status) : null);
}

/** The health bar, said in words: "12 of 15", "104 of 100, over the top by food". */
function health(hero) {
  const bar = healthBar(hero.health, hero.max);
  const words = healthWords(hero.health, hero.max, hero.over);
  const value = bar.querySelector(".value");
  if (value) value.textContent = words;
  bar.title = `health ${words}`;
  bar.classList.toggle("over", hero.max !== null && hero.health > hero.max);
  return bar;
}

export function drawHeroes(node, view) {
  const heroes = heroesOf(view);
  fill(node, heroes.length ? heroes.map(heroCard) : el("p", {class: "muted"}, "no heroes"));
}

export function drawFoes(node, view) {
  const foes = foesOf(view);
  fill(node, foes.length
    ? el("ul", {class: "foes"}, foes.map((foe) => el("li", {class: foe.down ? "down" : "", dataset: {foe: foe.id}},
        el("b", {}, foe.kind || foe.id), foe.kind ? el("span", {class: "muted"}, ` (${foe.id})`) : "",
        foe.health ? el("span", {class: "foe-health"}, ` ${foe.health}`) : "",
        foe.where ? el("span", {class: "muted"}, ` · ${foe.where}`) : "")))
    : el("p", {class: "muted"}, "no foes in sight"));
}

/** The place and the game's state in words (facts.js), and the coins where a game has
 * them (Squad's Coin-Op). `system` is the table's; a view alone is read by its fields. */
export function drawFacts(node, view, system = undefined) {
  const facts = factsOf(view, system);
  const coins = coinLines(view);
  fill(node,
    view.setting ? el("p", {class: "setting"}, view.setting) : null,
    el("dl", {class: "facts"}, facts.map(([name, value]) => [el("dt", {}, name), el("dd", {}, value)])),
    coins.length ? el("section", {class: "coins", "aria-label": "coins"},
      el("h3", {}, "Coins"),
      el("dl", {class: "facts coins-list"},
        coins.map(([name, value]) => [el("dt", {}, name), el("dd", {}, value)]))) : null);
}

/** Who must choose now and who is done: the contract's `seats`. */
export function seatWord(seat) {
  if (seat.to_act && !seat.chosen) return seat.automated ? "thinking" : "choosing";
  if (seat.to_act && seat.chosen) return "ready";
  return "waiting";
}

export function drawSeats(node, state) {
  fill(node, el("ul", {class: "seats"}, (state.seats || []).map((seat) =>
    el("li", {class: `seat is-${seatWord(seat)}`, dataset: {seat: seat.seat}},
      el("b", {}, seat.seat),
      el("span", {class: "badge"}, seatWord(seat)),
      seat.automated ? el("span", {class: "muted"}, ` automated (${seat.automated})`) : null))));
}

/** One line: whose turn it is, or which people are still choosing this round. */
export function waitingLine(state) {
  if (state.outcome) return "The game is over.";
  const acting = (state.seats || []).filter((seat) => seat.to_act);
  const choosing = acting.filter((seat) => !seat.chosen);
  // Automated seats choose once every person has: name the people first.
  const people = choosing.filter((seat) => !seat.automated).map((seat) => seat.seat);
  const names = people.length ? people : choosing.map((seat) => seat.seat);
  if (!names.length) return acting.length ? "Everyone has chosen." : "";
  if (acting.length === 1) return `${names[0]}'s turn`;
  return `Still choosing: ${names.join(", ")}`;
}

export function drawOutcome(node, state) {
  node.hidden = !state.outcome;
  if (!state.outcome) return;
  const summary = state.outcome.summary || {};
  fill(node,
    el("h2", {}, `The game is over: ${state.outcome.result}`),
    el("dl", {class: "facts"}, Object.entries(summary).map(([name, value]) => [
      el("dt", {}, label(name)),
      el("dd", {}, typeof value === "object" && value !== null
        ? (Array.isArray(value) ? value.join(", ") || "none"
          : Object.entries(value).map(([key, inner]) => `${label(key)} ${said(inner)}`).join(", "))
        : said(value))])));
}

/** A summary value in words: a flag as yes or no. */
function said(value) {
  return typeof value === "boolean" ? (value ? "yes" : "no") : String(value);
}
