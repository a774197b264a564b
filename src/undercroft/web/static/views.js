// Reading a view without knowing its system: the party, the foes and the place,
// from the fields the four systems share by habit:
//   amulet:    heroes [{name, class, health, tokens, treasure, keys, potions, status}],
//              rooms [{id, swarms, monsters, generators, contents, exits}]
//   cardcrawl: party [{seat, title, cards, incapacitated}], foes [{id, kind, standing}], where
//   labyrinth: party [{seat, race, class, health, computed.max_health, alive, silver}],
//              fight {monsters [{id, kind, health}]}, room {card, kind}, phase, floor
//   squad:     heroes {name: {name, player, hit_points, max_hit_points, pennies}},
//              scene [{id, kind, hit_points, full, boss, fled}], stage, setting, phase
// What each system's own fields mean in words is facts.js's.

import {el} from "./dom.js";
import {HEALTH, count, factsOf, named, systemOf} from "./facts.js";

export {factsOf};

/** Counters worth a glance on a hero, in this order, when the hero has them: the
 * field, the noun for one and for several, and whether none is worth saying (a purse
 * is; no keys is not). */
const COUNTERS = [["tokens", "token", "tokens", true], ["treasure", "treasure", "treasure", true],
                  ["keys", "key"], ["potions", "potion"], ["scrolls", "scroll"],
                  ["silver", "silver", "silver", true], ["pennies", "penny", "pennies", true],
                  ["ward", "ward"], ["focus", "focus", "focus"]];

/** The party as plain rows: name, who plays it, health and its top, status, counters. */
export function heroesOf(view) {
  const rule = HEALTH[systemOf(view)] ?? {};
  const raw = Array.isArray(view.heroes) ? view.heroes
    : view.heroes && typeof view.heroes === "object" ? Object.values(view.heroes)
    : Array.isArray(view.party) ? view.party : [];
  return raw.map((hero) => ({
    name: hero.name ?? hero.seat ?? hero.title ?? "?",
    player: hero.player ?? hero.seat ?? hero.name,
    title: hero.title ?? [hero.race, hero.class].filter(Boolean).join(" "),
    health: hero.health ?? hero.hit_points ?? null,
    // The view's own top, else the system's starting health (facts.HEALTH).
    max: hero.max_hit_points ?? hero.computed?.max_health ?? hero.max_health ?? rule.max ?? null,
    over: rule.over ?? "",
    status: statusOf(hero),
    down: hero.status === "dead" || hero.alive === false || hero.incapacitated === true,
    counters: COUNTERS.filter(([name, , , zero]) => typeof hero[name] === "number" && (zero || hero[name]))
      .map(([name, one, many]) => count(hero[name], one, many)).concat(cardsReady(hero)),
    raw: hero,
  }));
}

/** Where the hero is and what holds it, in words: "in room 6", "gone by the stair". */
function statusOf(hero) {
  const parts = [];
  const room = hero.room !== undefined && hero.room !== null ? ` ${hero.room}` : "";
  if (hero.status === "in room") parts.push(`in room${room}`);
  else if (hero.status === "gone") parts.push(hero.gone_by ? `gone by the ${hero.gone_by}` : "gone");
  else if (typeof hero.status === "string") parts.push(room ? `${hero.status} (room${room})` : hero.status);
  else if (room) parts.push(`in room${room}`);
  if (hero.alive === false) parts.push("dead");
  if (hero.incapacitated) parts.push("out of the fight");
  if (hero.alone) parts.push("alone");
  if (hero.cover) parts.push(`behind ${hero.cover}`);
  return parts.join(", ");
}

/** Card Crawl's heroes have cards instead of health: how many are still ready. */
function cardsReady(hero) {
  if (!Array.isArray(hero.cards)) return [];
  const ready = hero.cards.filter((card) => card.state === "ready").length;
  return [`${ready} of ${count(hero.cards.length, "card")} ready`];
}

/** The heroes a seat plays: its own hero (named after the seat) or those it guides. */
export function heroesOfSeat(view, seat) {
  return heroesOf(view).filter((hero) => hero.player === seat || hero.name === seat);
}

/** Foes in play as plain rows: id, kind, health in words, where, a note. */
export function foesOf(view) {
  const foes = [];
  // Amulet's rooms, or an Amulet encounter's one room (its lists at the top of the view).
  const rooms = Array.isArray(view.rooms) ? view.rooms
    : ["swarms", "monsters", "generators"].some((list) => Array.isArray(view[list])) ? [view] : [];
  for (const room of rooms) {
    for (const [list, what] of [["swarms", "swarm"], ["monsters", ""], ["generators", "generator"]]) {
      for (const foe of room[list] || []) {
        const place = room === view ? "" : `room ${room.id}`;
        foes.push({id: foe.id, kind: [named(foe.kind), what].filter(Boolean).join(" "),
                   health: foe.capacity ? `${foe.health} of ${foe.capacity} health` : `${foe.health} health`,
                   where: [place, foe.place === "beyond" ? "beyond" : ""].filter(Boolean).join(", "),
                   down: foe.health === 0});
      }
    }
  }
  const tops = view.fight?.kinds || {};
  const listed = Array.isArray(view.foes) ? view.foes
    : Array.isArray(view.fight?.monsters) ? view.fight.monsters
    : Array.isArray(view.scene) ? view.scene : [];
  for (const foe of listed) {
    const health = foe.health ?? foe.hit_points;
    const top = foe.full ?? tops[foe.kind]?.health;
    const words = health !== undefined
      ? `${top ? `${health} of ${top}` : health} ${foe.hit_points !== undefined ? "HP" : "health"}`
      : foe.standing !== undefined ? `${foe.standing} standing` : "";
    const notes = [foe.boss ? "the boss" : "", foe.fled ? "fled" : "",
                   foe.die ? `fights with ${foe.die}` : ""];
    foes.push({id: foe.id ?? foe.name ?? "?", kind: named(tops[foe.kind]?.name ?? foe.kind ?? ""),
               health: words, where: notes.filter(Boolean).join(", "),
               down: health === 0 || foe.standing === 0 || foe.fled === true});
  }
  return foes;
}

/** "rests_left" -> "rests left". */
export function label(name) {
  return String(name).replaceAll("_", " ");
}

/** Fields a player has no use for in any view: counters of steps, the house rules a
 * table was set with, what the page draws elsewhere. */
const UNSAID = new Set(["step", "seed", "system", "seat", "events", "any_skill", "attack_against",
                        "gm_group", "stage_index", "friendly_fire", "item_cap", "race_actions",
                        "script", "agent", "decks", "guides"]);

/** Whether a field is worth a line: not unsaid, not empty, not a flag that is off. */
function worthSaying([name, value]) {
  return !UNSAID.has(name) && value !== null && value !== undefined && value !== false &&
    value !== "";
}

/**
 * A value as a small definition list (objects nest up to `depth` levels), in words: a
 * flag that is on reads "yes", one that is off is left out, as are empty fields and
 * those no player needs (UNSAID).
 */
export function details(value, depth = 2) {
  if (value === null || value === undefined) return el("span", {class: "muted"}, "none");
  if (typeof value === "boolean") return el("span", {}, value ? "yes" : "no");
  if (typeof value !== "object") return el("span", {}, String(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", {class: "muted"}, "none");
    if (value.every((item) => typeof item !== "object" || item === null)) {
      return el("span", {}, value.map((item) => (typeof item === "boolean" ? (item ? "yes" : "no") : item))
        .join(", "));
    }
    return el("ul", {class: "details-list"}, value.map((item) => el("li", {}, summary(item, depth))));
  }
  const entries = Object.entries(value).filter(worthSaying);
  if (!entries.length) return el("span", {class: "muted"}, "none");
  if (depth <= 0) return el("span", {}, summaryText(value));
  return el("dl", {class: "details"},
    entries.map(([name, inner]) => [el("dt", {}, label(name)), el("dd", {}, details(inner, depth - 1))]));
}

function summary(item, depth) {
  return typeof item === "object" && item !== null && depth > 1 ? details(item, depth - 1)
    : el("span", {}, summaryText(item));
}

/** One line for an object: its name first, then its plain fields ("alone" for a flag on). */
function summaryText(item) {
  if (item === null || typeof item !== "object") return String(item);
  const name = item.name ?? item.id ?? item.kind ?? "";
  const rest = Object.entries(item).filter(worthSaying)
    .filter(([key, inner]) => !["name", "id"].includes(key) && typeof inner !== "object")
    .map(([key, inner]) => (inner === true ? label(key) : `${label(key)} ${inner}`));
  return [name, rest.join(", ")].filter(Boolean).join(": ");
}
