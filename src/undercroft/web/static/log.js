// The event log: what happened, the newest step first (its events in the order they
// happened), each event with its dice explained.
// A state's `events` is either the last step's events (Amulet) or the view's own
// list of the latest events (the other systems: a window that slides on as the
// game goes). The page keeps the earlier ones itself: a state for the same step
// (someone chose, a reconnect) adds nothing, and a sliding window adds only what
// follows the part already seen.

import {el, fill} from "./dom.js";
import {diceLines} from "./dice.js";

/** Fields of an event that may name a hero or seat it touched. */
const WHO = ["hero", "seat", "target", "source", "player"];

/** Whether an event names one of `names` (a seat, or a hero that seat plays). */
export function touches(event, names) {
  if (!names.size) return false;
  for (const field of WHO) {
    if (names.has(event[field])) return true;
  }
  if (Array.isArray(event.heroes) && event.heroes.some((name) => names.has(name))) return true;
  const text = String(event.text || "");
  for (const name of names) {
    if (new RegExp(`(^|[^\\w-])${escapeRegExp(name)}($|[^\\w-])`).test(text)) return true;
  }
  return false;
}

function escapeRegExp(text) {
  return String(text).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One event as a list item: round, sentence, and a line per die roll. */
export function eventItem(event) {
  const lines = diceLines(event);
  const announced = event.kind === "announcement" ? " announced" : "";
  return el("li", {class: `event${announced}`, dataset: {kind: event.kind || ""}},
    event.round !== undefined ? el("span", {class: "round"}, `round ${event.round}`) : null,
    el("span", {class: "text"}, event.text || event.kind || ""),
    lines.length ? el("ul", {class: "dice"}, lines.map((line) => el("li", {}, line))) : null);
}

/** A log kept across states, drawn into `node` (a <ol>); `filter` picks the events kept. */
export class EventLog {
  constructor(node, {limit = 150, filter = () => true} = {}) {
    this.node = node;
    this.limit = limit;
    this.filter = filter;
    this.batches = []; // one list of events per step, the newest first
    this.step = undefined;
    this.seen = [];
  }

  /** Takes a new state's events if its step is new; returns whether any were added. */
  update(state) {
    if (state.step === this.step) return false;
    this.step = state.step;
    const events = state.events || [];
    const sliding = Array.isArray(state.view?.events);
    const fresh = (sliding ? newTail(this.seen, events) : events)
      .filter((event) => this.filter(event));
    this.seen = events;
    if (!fresh.length) return false;
    this.batches.unshift(fresh);
    let kept = 0; // whole steps are kept while fewer than `limit` events are shown
    this.batches = this.batches.filter((batch) => {
      const keep = kept < this.limit;
      kept += batch.length;
      return keep;
    });
    fill(this.node, this.batches.map((batch) => batch.map((event, index) => {
      const item = eventItem(event);
      if (index === 0) item.classList.add("new-step"); // a line between steps
      return item;
    })));
    return true;
  }
}

/** The events of `now` after the longest run that ends `before` and starts `now`. */
export function newTail(before = [], now = []) {
  const old = before.map((event) => JSON.stringify(event));
  const current = now.map((event) => JSON.stringify(event));
  for (let overlap = Math.min(old.length, current.length); overlap > 0; overlap -= 1) {
    const tail = old.slice(old.length - overlap);
    if (tail.every((text, index) => text === current[index])) return now.slice(overlap);
  }
  return now;
}
