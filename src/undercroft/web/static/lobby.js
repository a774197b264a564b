// The lobby (index.html): pick a system from GET /api/systems, set its house rules
// from the config's JSON schema, name the automated seats, and create the table
// with POST /api/tables; then show the watch link and each seat's invite.

import {absolute, requestJson} from "./api.js";
import {byId, el, fill} from "./dom.js";
import {schemaForm} from "./schema_form.js";
import {showOpenTables} from "./open_tables.js";

let systems = [];
let current = null; // {system, form}

async function start() {
  try {
    systems = await requestJson("/api/systems");
  } catch (error) {
    fill(byId("systems"), el("p", {class: "problem"}, `Could not load the games: ${error.message}`));
    return;
  }
  fill(byId("systems"), systems.map((system, index) =>
    el("label", {class: "system-choice"},
      el("input", {type: "radio", name: "system", value: system.name, checked: index === 0,
                   onchange: () => pick(system)}),
      el("span", {class: "system-words"},
        el("b", {class: "system-title"}, system.title || system.name),
        system.description ? el("span", {class: "system-description"}, system.description) : null))));
  if (systems.length) pick(systems[0]);
}

function pick(system) {
  const rules = byId("rules");
  rules.replaceChildren();
  const form = schemaForm(system.config_schema || {}, rules);
  current = {system, form};
  form.onChange(drawSeatChips);
  const agents = system.agents || [];
  fill(byId("agent"), agents.map((name) => el("option", {value: name},
    name === system.default_agent ? `${name} (the usual one)` : name)));
  // The agent `undercroft play` and `simulate` use when none is named: the server says it.
  if (agents.includes(system.default_agent)) byId("agent").value = system.default_agent;
  byId("automated").value = "";
  drawSeatChips();
}

/**
 * The seats this config will have, as the server says they follow it (`seats_by`): by
 * the player count, or one per item of a list field (Amulet's party, capitalised);
 * otherwise the seats of the default rules (`seats_hint`).
 */
function seatGuess() {
  const {system, form} = current;
  const config = {...form.defaults, ...form.values()};
  const rule = system.seats_by;
  if (rule && rule.seats) {
    const known = rule.seats[String(config[rule.field])];
    if (Array.isArray(known)) return known.map(String);
  } else if (rule && Array.isArray(config[rule.field])) {
    return config[rule.field].map((item) => String(item)).map((name) => (rule.capitalised
      ? name.charAt(0).toUpperCase() + name.slice(1).toLowerCase() : name));
  }
  const hint = system.seats_hint;
  if (Array.isArray(hint)) return hint.map(String);
  return typeof hint === "string" ? hint.split(",").map((name) => name.trim()).filter(Boolean) : [];
}

function automatedList() {
  return byId("automated").value.split(",").map((item) => item.trim()).filter(Boolean);
}

/**
 * One button per foreseen seat, showing who plays it. The buttons are kept when the
 * seats stay the same: a rule's input sends "change" as a chip is pressed (the input
 * loses focus), and a button replaced in the middle of a press would lose the click.
 */
function drawSeatChips() {
  const listed = new Set(automatedList().map((item) => item.split(":")[0].trim()));
  const seats = seatGuess();
  const chips = byId("seat-chips");
  if (chips.dataset.seats !== JSON.stringify(seats)) {
    chips.dataset.seats = JSON.stringify(seats);
    fill(chips, seats.map((seat) =>
      el("button", {type: "button", class: "chip", dataset: {seat}, onclick: () => toggleSeat(seat)})));
  }
  for (const button of chips.querySelectorAll("button")) {
    const automated = listed.has(button.dataset.seat);
    button.classList.toggle("on", automated);
    button.setAttribute("aria-pressed", String(automated));
    button.textContent = `${button.dataset.seat} (${automated ? "automated" : "person"})`;
  }
}

function toggleSeat(seat) {
  const items = automatedList();
  const kept = items.filter((item) => item.split(":")[0].trim() !== seat);
  byId("automated").value = (kept.length === items.length ? items.concat(seat) : kept).join(", ");
  drawSeatChips();
}

/** {"Elf": "sensible", ...} from the comma list; a bare name gets the chosen agent. */
function automatedSeats() {
  const agent = byId("agent").value;
  const seats = {};
  for (const item of automatedList()) {
    const [name, own] = item.split(":").map((part) => part.trim());
    if (name) seats[name] = own || agent;
  }
  return seats;
}

async function create(submit) {
  submit.preventDefault();
  const error = byId("error");
  error.hidden = true;
  if (!byId("create").reportValidity()) return;
  const button = byId("create-button");
  button.disabled = true;
  try {
    const answer = await requestJson("/api/tables", {method: "POST", body: {
      system: current.system.name, config: current.form.values(), automated: automatedSeats()}});
    showCreated(answer);
  } catch (problem) {
    error.textContent = problem.message;
    error.hidden = false;
  } finally {
    button.disabled = false;
  }
}

function showCreated(answer) {
  const watch = absolute(answer.watch_url);
  byId("watch").href = watch;
  byId("watch-text").textContent = watch;
  byId("copy-watch").onclick = () => copy(watch, byId("copy-watch"));
  fill(byId("invites"), (answer.seats || []).map((seat) => {
    if (seat.automated) {
      return el("li", {class: "invite automated"}, el("b", {}, seat.seat),
        ` is played by the ${seat.automated} agent`);
    }
    const link = absolute(seat.url);
    const copyButton = el("button", {type: "button", class: "small"}, "Copy");
    copyButton.addEventListener("click", () => copy(link, copyButton));
    return el("li", {class: "invite", dataset: {seat: seat.seat}}, el("b", {}, seat.seat), " ",
      el("a", {href: link, target: "_blank", rel: "noopener noreferrer", class: "seat-link"},
        "seat link"), " ", copyButton);
  }));
  byId("create").hidden = true;
  byId("created").hidden = false;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy by hand";
  }
}

byId("create").addEventListener("submit", create);
byId("again").addEventListener("click", () => {
  byId("created").hidden = true;
  byId("create").hidden = false;
});
byId("automated").addEventListener("input", drawSeatChips);
start();
showOpenTables();
