// Reading a view without knowing its system: the party, the foes and the place,
// from the fields the four systems share by habit:
//   amulet:    heroes [{name, class, health, tokens, treasure, keys, potions, status}],
//              rooms [{id, swarms, monsters, generators, contents, exits}]
//   cardcrawl: party [{seat, title, cards, incapacitated}], foes [{id, kind, standing}], where
//   labyrinth: party [{seat, race, class, health, computed.max_health, alive, silver}],
//              fight {monsters [{id, kind, health}]}, room {card, kind}, phase, floor
//   squad:     heroes {name: {name, player, hit_points, max_hit_points, pennies}},
//              scene [{id, kind, hit_points, boss, fled}], stage, setting, phase

import {el} from "./dom.js";

/** Counters worth a glance on a hero, in this order, when the hero has them. */
const COUNTERS = ["tokens", "treasure", "keys", "potions", "scrolls", "silver", "pennies",
                  "ward", "focus"];

/** The party as plain rows: name, who plays it, health and its top, status, counters. */
export function heroesOf(view) {
  const raw = Array.isArray(view.heroes) ? view.heroes
    : view.heroes && typeof view.heroes === "object" ? Object.values(view.heroes)
    : Array.isArray(view.party) ? view.party : [];
  return raw.map((hero) => ({
    name: hero.name ?? hero.seat ?? hero.title ?? "?",
    player: hero.player ?? hero.seat ?? hero.name,
    title: hero.title ?? [hero.race, hero.class].filter(Boolean).join(" "),
    health: hero.health ?? hero.hit_points ?? null,
    max: hero.max_hit_points ?? hero.computed?.max_health ?? hero.max_health ??
      (hero.health !== undefined ? 100 : null),
    status: statusOf(hero),
    down: hero.status === "dead" || hero.alive === false || hero.incapacitated === true,
    counters: COUNTERS.filter((name) => typeof hero[name] === "number")
      .map((name) => [name, hero[name]]).concat(cardsReady(hero)),
    raw: hero,
  }));
}

function statusOf(hero) {
  const parts = [];
  if (typeof hero.status === "string") parts.push(hero.status);
  if (hero.alive === false) parts.push("dead");
  if (hero.incapacitated) parts.push("incapacitated");
  if (hero.alone) parts.push("alone");
  if (hero.cover) parts.push(`behind ${hero.cover}`);
  if (hero.room !== undefined && hero.room !== null) parts.push(`room ${hero.room}`);
  return parts.join(", ");
}

/** Card Crawl's heroes have cards instead of health: how many are still ready. */
function cardsReady(hero) {
  if (!Array.isArray(hero.cards)) return [];
  const ready = hero.cards.filter((card) => card.state === "ready").length;
  return [["cards ready", `${ready}/${hero.cards.length}`]];
}

/** The heroes a seat plays: its own hero (named after the seat) or those it guides. */
export function heroesOfSeat(view, seat) {
  return heroesOf(view).filter((hero) => hero.player === seat || hero.name === seat);
}

/** Foes in play as plain rows: id, kind, health (or how many stand), where, a note. */
export function foesOf(view) {
  const foes = [];
  if (Array.isArray(view.rooms)) {
    for (const room of view.rooms) {
      for (const [list, what] of [["swarms", "swarm"], ["monsters", ""], ["generators", "generator"]]) {
        for (const foe of room[list] || []) {
          foes.push({id: foe.id, kind: [foe.kind, what].filter(Boolean).join(" "),
                     health: foe.capacity ? `${foe.health}/${foe.capacity}` : foe.health,
                     where: `room ${room.id}${foe.place === "beyond" ? " (beyond)" : ""}`});
        }
      }
    }
  }
  const listed = Array.isArray(view.foes) ? view.foes
    : Array.isArray(view.fight?.monsters) ? view.fight.monsters
    : Array.isArray(view.scene) ? view.scene : [];
  for (const foe of listed) {
    const health = foe.health ?? foe.hit_points ??
      (foe.standing !== undefined ? `${foe.standing} standing` : "");
    const notes = [foe.boss ? "boss" : "", foe.fled ? "fled" : "", foe.die || ""];
    foes.push({id: foe.id ?? foe.name ?? "?", kind: foe.kind ?? "", health,
               where: notes.filter(Boolean).join(", "),
               down: health === 0 || foe.standing === 0 || foe.fled === true});
  }
  return foes;
}

/** Fields already drawn elsewhere, or of no use to a player. */
const SKIPPED = new Set(["system", "seat", "step", "events", "heroes", "party", "rooms", "foes",
                         "scene", "fight", "decks", "guides", "effects", "claims", "setting",
                         "ended"]);

/** The place and the game's counters: a view's plain top-level fields, as label/value. */
export function factsOf(view) {
  const facts = [];
  for (const [name, value] of Object.entries(view)) {
    if (SKIPPED.has(name) || value === null || value === undefined) continue;
    if (["string", "number", "boolean"].includes(typeof value)) {
      facts.push([label(name), String(value)]);
    } else if (Array.isArray(value) && value.every((item) => typeof item !== "object")) {
      if (value.length) facts.push([label(name), value.join(", ")]);
    } else if (typeof value === "object" && !Array.isArray(value)) {
      const plain = Object.entries(value).filter(([, inner]) => typeof inner !== "object");
      if (plain.length && plain.length <= 6) {
        facts.push([label(name), plain.map(([key, inner]) => `${label(key)} ${inner}`).join(", ")]);
      }
    }
  }
  return facts;
}

/** "rests_left" -> "rests left". */
export function label(name) {
  return String(name).replaceAll("_", " ");
}

/** A value as a small definition list (objects nest up to `depth` levels). */
export function details(value, depth = 2) {
  if (value === null || value === undefined) return el("span", {class: "muted"}, "-");
  if (typeof value !== "object") return el("span", {}, String(value));
  if (Array.isArray(value)) {
    if (!value.length) return el("span", {class: "muted"}, "none");
    if (value.every((item) => typeof item !== "object" || item === null)) {
      return el("span", {}, value.join(", "));
    }
    return el("ul", {class: "details-list"}, value.map((item) => el("li", {}, summary(item, depth))));
  }
  const entries = Object.entries(value);
  if (!entries.length) return el("span", {class: "muted"}, "none");
  if (depth <= 0) return el("span", {}, summaryText(value));
  return el("dl", {class: "details"},
    entries.map(([name, inner]) => [el("dt", {}, label(name)), el("dd", {}, details(inner, depth - 1))]));
}

function summary(item, depth) {
  return typeof item === "object" && item !== null && depth > 1 ? details(item, depth - 1)
    : el("span", {}, summaryText(item));
}

/** One line for an object: its name first, then its plain fields. */
function summaryText(item) {
  if (item === null || typeof item !== "object") return String(item);
  const name = item.name ?? item.id ?? item.kind ?? "";
  const rest = Object.entries(item)
    .filter(([key, inner]) => !["name", "id"].includes(key) && inner !== null &&
            typeof inner !== "object" && inner !== "")
    .map(([key, inner]) => `${label(key)} ${inner}`);
  return [name, rest.join(", ")].filter(Boolean).join(": ");
}
