// Panels both the table screen and a seat's phone draw from a state: heroes,
// foes, the place, who is choosing, and how the game ended.

import {el, fill, healthBar} from "./dom.js";
import {factsOf, foesOf, heroesOf, label} from "./views.js";

/** One hero: name, what it is, a health bar, its counters and status. */
export function heroCard(hero) {
  return el("article", {class: `hero${hero.down ? " down" : ""}`, dataset: {hero: hero.name}},
    el("header", {},
      el("h3", {}, hero.name),
      hero.title && hero.title !== hero.name ? el("span", {class: "muted"}, hero.title) : null,
      hero.player && hero.player !== hero.name ? el("span", {class: "muted"}, `(${hero.player})`)
        : null),
    hero.health !== null ? healthBar(hero.health, hero.max) : null,
    hero.counters.length ? el("ul", {class: "counters"},
      hero.counters.map(([name, value]) => el("li", {}, el("b", {}, String(value)), ` ${label(name)}`)))
      : null,
    hero.status ? el("p", {class: "status"}, hero.status) : null);
}

export function drawHeroes(node, view) {
  const heroes = heroesOf(view);
  fill(node, heroes.length ? heroes.map(heroCard) : el("p", {class: "muted"}, "no heroes"));
}

export function drawFoes(node, view) {
  const foes = foesOf(view);
  fill(node, foes.length
    ? el("ul", {class: "foes"}, foes.map((foe) => el("li", {class: foe.down ? "down" : "", dataset: {foe: foe.id}},
        el("b", {}, foe.id), foe.kind && foe.kind !== foe.id ? ` ${foe.kind}` : "",
        foe.health !== "" && foe.health !== undefined ? el("span", {class: "foe-health"}, ` ${foe.health}`) : "",
        foe.where ? el("span", {class: "muted"}, ` · ${foe.where}`) : "")))
    : el("p", {class: "muted"}, "no foes in sight"));
}

export function drawFacts(node, view) {
  const facts = factsOf(view);
  fill(node,
    view.setting ? el("p", {class: "setting"}, view.setting) : null,
    el("dl", {class: "facts"}, facts.map(([name, value]) => [el("dt", {}, name), el("dd", {}, value)])));
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
          : Object.entries(value).map(([key, inner]) => `${key} ${inner}`).join(", "))
        : String(value))])));
}
