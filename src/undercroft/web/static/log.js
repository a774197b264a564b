// The event log: what happened, the newest step first (its events in the order they
// happened), each event with its dice explained.
// On page load and on every reconnect the page asks the server for the whole log of
// the part of the game the table stands in (a level, a floor, a stage: GET
// /api/table/log), then follows the states: a state's `events` is either the last
// step's events (Amulet) or the view's own list of the latest events (the other
// systems: a window that slides on as the game goes). A state for a step already held
// (someone chose, a reconnect) adds nothing, and a sliding window adds only what
// follows the part already seen. Steps are kept by number, so a log that arrives after
// a newer state, or a state after the log, never shows a step twice or out of order.

import {requestJson, withQuery} from "./api.js";
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

/**
 * A log kept across states, drawn into `node` (a <ol>); `filter` picks the events shown,
 * and `filterKey` says when what it picks may have changed (the log is drawn again).
 * `token` (the page's) lets it ask the server for the whole log: `refresh()` on page
 * load and on reconnect, and by itself when a state skips steps (automated seats took
 * several at once: a state tells only of its own step). `limit` matches the server's
 * bound on a log (web/live.py LOG_EVENTS).
 */
export class EventLog {
  constructor(node, {token = null, limit = 1500, filter = () => true,
                     filterKey = () => ""} = {}) {
    this.node = node;
    this.token = token;
    this.limit = limit;
    this.filter = filter;
    this.filterKey = filterKey;
    this.drawnFor = undefined;
    this.batches = []; // {step, events} per step, the newest first, every event kept
    this.step = undefined;
    this.seen = [];
    this.asking = false; // a request for the log is on its way
    this.askAgain = false;
  }

  /** Takes a new state's events if its step is new; returns whether any were added. */
  update(state) {
    const events = state.events || [];
    const sliding = Array.isArray(state.view?.events);
    if (this.step !== undefined && state.step <= this.step) {
      if (state.step === this.step) this.seen = events; // the window the view shows now
      if (this.drawnFor !== this.filterKey()) this.draw(); // a seat learnt its heroes
      return false;
    }
    const skipped = this.step !== undefined && state.step > this.step + 1;
    this.step = state.step;
    const fresh = sliding ? newTail(this.seen, events) : events;
    this.seen = events;
    if (fresh.length) this.batches.unshift({step: state.step, events: fresh});
    this.draw();
    if (skipped) this.refresh(); // the steps in between are the server's to tell
    return fresh.length > 0;
  }

  /**
   * Takes the server's log of the game's current part (`GET /api/table/log`): it
   * replaces every step it covers and any older; steps taken after it (a state that
   * came first) stay.
   */
  load(log) {
    const newer = this.batches.filter((batch) => batch.step > log.step);
    const older = (log.steps || []).map((row) => ({step: row.step, events: row.events || []}));
    this.batches = [...newer, ...older];
    if (this.step === undefined || log.step >= this.step) {
      this.step = log.step;
      this.seen = older.slice().reverse().flatMap((batch) => batch.events);
    }
    this.draw();
  }

  /** Asks the server for the whole log (one request at a time; a refusal changes nothing). */
  refresh() {
    if (!this.token) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    this.asking = true;
    requestJson(withQuery("/api/table/log", {t: this.token}))
      .then((log) => this.load(log), () => {})
      .finally(() => {
        this.asking = false;
        if (this.askAgain) {
          this.askAgain = false;
          this.refresh();
        }
      });
  }

  draw() {
    this.drawnFor = this.filterKey();
    let kept = 0; // whole steps are kept while fewer than `limit` events are held
    this.batches = this.batches.filter((batch) => {
      const keep = kept < this.limit;
      kept += batch.events.length;
      return keep;
    });
    fill(this.node, this.batches.map((batch) => batch.events.filter((event) => this.filter(event))
      .map((event, index) => {
        const item = eventItem(event);
        item.dataset.step = String(batch.step);
        if (index === 0) item.classList.add("new-step"); // a line between steps
        return item;
      })));
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
