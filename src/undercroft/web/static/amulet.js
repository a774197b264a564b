// Amulet on the shared screen: the rooms seen and what is in them, and the countdown
// (the map is map.js's). View fields read: depth, level_kind, round, heroes,
// rooms [{id, shape, size, exits [{id, kind, open, to}], contents [{id, kind}],
// encounters}]; events of kind "countdown".

import {el, fill} from "./dom.js";

/** The countdown: heroes lose health every few rounds; the page learns how often. */
export class Countdown {
  constructor(node) {
    this.node = node;
    this.ticks = [];
    this.text = "";
  }

  update(state) {
    for (const event of state.events || []) {
      if (event.kind === "countdown" && !this.ticks.includes(event.round)) {
        this.ticks.push(event.round);
        this.text = event.text;
      }
    }
    const round = state.view?.round;
    const last = this.ticks.at(-1);
    const every = this.ticks.length > 1 ? last - this.ticks.at(-2) : null;
    fill(this.node,
      el("p", {class: "big"}, `Round ${round ?? "?"}`),
      last !== undefined ? el("p", {}, `${this.text} (round ${last})`) : el("p", {class: "muted"},
        "the countdown has not struck yet"),
      every ? el("p", {class: "muted"}, `next about round ${last + every}`) : null);
  }
}

/** The level's headline: depth and kind. */
export function levelLine(view) {
  const kind = view.level_kind && view.level_kind !== "normal" ? ` (${view.level_kind} level)` : "";
  const race = view.race_actions !== undefined ? `, race actions left ${view.race_actions}` : "";
  return `Level ${view.depth}${kind}${race}`;
}

/** Each room seen: who is there, foes, contents, exits. */
export function drawRooms(node, view) {
  const here = {};
  for (const hero of view.heroes || []) {
    if (hero.room !== null && hero.room !== undefined && hero.status !== "dead") {
      (here[hero.room] ||= []).push(hero.name);
    }
  }
  fill(node, el("ul", {class: "rooms"}, (view.rooms || []).map((room) =>
    el("li", {class: "room", dataset: {room: String(room.id)}},
      el("b", {}, `Room ${room.id}`), el("span", {class: "muted"}, ` ${room.shape} ${room.size}`),
      here[room.id] ? el("div", {}, `heroes: ${here[room.id].join(", ")}`) : null,
      room.encounters?.length ? el("div", {}, `seen from outside: ${room.encounters.join("; ")}`)
        : null,
      room.contents?.length ? el("div", {}, "contents: ",
        room.contents.map((item) => `${item.id} ${item.kind}`).join(", ")) : null,
      room.exits?.length ? el("div", {class: "muted"}, "exits: ",
        room.exits.map(exitText).join(", ")) : null))));
}

function exitText(exit) {
  // A wide way lists every room it leads into, and "more" while part of it is unmade.
  const rooms = Array.isArray(exit.to) ? exit.to.join(", ") : exit.to;
  const to = (exit.to !== null && exit.to !== undefined ? ` -> ${rooms}` : "")
    + (exit.unmade ? " and more" : "");
  return `${exit.id} ${exit.kind}${exit.open ? "" : " shut"}${to}`;
}
