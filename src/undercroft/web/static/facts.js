// What the table screen says about a game besides its heroes and foes, in words: each
// system's view fields with a label and a way of saying their value, so a player reads
// "Floor 1 of 5" and not `floor 1`, `goal floor 5`. A field a system's table does not
// list here is not shown: booleans, counters of steps and the house rules (`any_skill`,
// `gm_group`) mean nothing to a player. tests/web/test_facts_words.py checks that every
// field of every system's view schema is listed, said or hidden on purpose.

/** "1 penny", "2 pennies", "0 silver": a count and its noun in the right number. */
export function count(amount, singular, plural = `${singular}s`) {
  return `${amount} ${Number(amount) === 1 ? singular : plural}`;
}

/** A list in words: "a", "a and b", "a, b and c". */
export function listed(items) {
  const words = items.filter((item) => item !== "" && item !== null && item !== undefined)
    .map(String);
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** An id as a name: "goblin-warlord" -> "Goblin warlord", "rations#3" -> "Rations". */
export function named(id) {
  const text = String(id ?? "").replace(/#\d+$/, "").replaceAll(/[-_]/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Coins of Coin-Op are pennies ("a quarter (or a quarter's worth)"). */
const pennies = (amount) => count(amount, "penny", "pennies");

const SQUAD_LOOT = {E: "Explorer", M: "Mage", W: "Warrior", HP: "Hit Points", C: "extra damage"};

const SQUAD_PHASES = {
  gm: "The GM sets the next scene",
  heroes: "The heroes act",
  monsters: "The monsters act",
  rescue: "A Guide may spend loot to save a failed roll",
  spoils: "The Guides share out the boss's Stuff",
  loot: "Heroes who searched well take their loot",
  camp: "Camp between scenes: spending coins, deciding on pursuit",
};

const LABYRINTH_PHASES = {
  town: "In town, before going down",
  explore: "Exploring",
  fight: "A fight",
  stairs: "At the stairs",
};

const ENDINGS = {
  victory: "The party won",
  defeated: "The party was defeated",
  "time up": "The game ran out of time",
  "pool spent": "The GM's Pool cannot pay another boss: the adventure is over",
};

const ended = ["The end", (value) => ENDINGS[value] ?? String(value)];

/** Fields no system shows as a fact: drawn in their own panels, or of no use to a player. */
const EVERYWHERE = {
  system: null, seat: null, step: null, round: null, turn: null, events: null,
  heroes: null, party: null, rooms: null, foes: null, scene: null, fight: null,
  claims: null, setting: null, ended,
};

/**
 * Per system: field -> null (not shown) or [label, say(value, view)], where `say` gives
 * the value in words (or "" to leave the fact out this time).
 */
export const FACTS = {
  amulet: {
    ...EVERYWHERE,
    depth: ["Level", (depth) => String(depth)],
    level_kind: ["This level", (kind) => (kind === "normal" ? "" : `a ${named(kind).toLowerCase()} level`)],
    level_bonus: ["Level bonus", (bonus) => (bonus ? `+${bonus} to traps and secret doors` : "")],
    friendly_fire: null, item_cap: null, race_actions: null,
  },
  "amulet-encounter": {
    ...EVERYWHERE,
    scenario: ["Scenario", (name) => named(name)],
    level: ["Level", (level) => String(level)],
    size: ["Room size", (size) => count(size, "unit")],
    contents: ["In the room", (items) => listed((items || []).filter((item) => !item.gone)
      .map((item) => named(item.kind).toLowerCase()))],
    exits: ["Ways out", (exits) => listed((exits || []).filter((exit) => exit.found !== false)
      .map((exit) => `${exit.open ? "an open" : "a closed"} ${named(exit.kind).toLowerCase()} ${exit.wall} (${exit.id})`))],
    action: null, friendly_fire: null, swarms: null, monsters: null, generators: null,
    script: null, agent: null,
  },
  cardcrawl: {
    ...EVERYWHERE,
    where: ["The party", (room) => `in room ${room}`],
    rests_left: ["Rests", (left) => (left ? `${count(left, "long rest")} left` : "no long rest left")],
    any_skill: null, attack_against: null, entrance_links: null,
  },
  labyrinth: {
    ...EVERYWHERE,
    phase: ["Now", (phase) => LABYRINTH_PHASES[phase] ?? named(phase)],
    floor: ["Floor", (floor, view) => (floor ? `${floor} of ${view.goal_floor}` : "in town")],
    goal_floor: ["Goal", (goal) => `reach floor ${goal}`],
    unlocked: ["Unlocked", (floor) => (floor > 1 ? `floors 1 to ${floor}` : "floor 1")],
    stairs_owed: ["Stairs", (owed) => (owed ? "gone down a stairwell: find another before going back up" : "")],
    room: ["This room", labyrinthRoom],
    market: ["For sale", (items) => listed((items || []).map(named))],
    statue: ["Dragon statue", (statue) => (statue ? `${statue.seat} chooses: ${statue.text}` : "")],
    market_items: null, sheets: null, decks: null,
  },
  squad: {
    ...EVERYWHERE,
    phase: ["Now", (phase) => SQUAD_PHASES[phase] ?? named(phase)],
    stage: ["Stage", (stage, view) => `${view.stage_index + 1}: ${stage}`],
    boss: ["Boss", (boss) => named(boss)],
    offered: ["Loot found", (kinds) => listed((kinds || []).map((kind) => SQUAD_LOOT[kind] ?? kind))],
    loot_due: ["Taking loot", (heroes) => listed(heroes || [])],
    asking: ["May be saved by loot", (heroes) => listed(heroes || [])],
    spoils: ["Boss's Stuff to share", (stuff) => listed((stuff || []).map((item) => `${item.name} (${item.kind} ${item.die})`))],
    rolls: ["Explorer rolls", (rolls) => listed(Object.entries(rolls || {}).map(([hero, roll]) =>
      `${hero} ${roll.total} on ${roll.die}, ${roll.success ? "made it" : "failed"}`))],
    effects: ["On the heroes", (effects) => listed(Object.entries(effects || {})
      .filter(([, marks]) => Object.keys(marks).length)
      .map(([hero, marks]) => `${hero}: ${listed(Object.keys(marks).map((mark) => named(mark).toLowerCase()))}`))],
    coins: null, // the coins panel says them (coinLines)
    stage_index: null, guides: null, gm_group: null,
  },
};

function labyrinthRoom(room) {
  if (!room) return "";
  const parts = [named(room.card)];
  if (room.kind && room.kind !== room.card) parts.push(`(${named(room.kind).toLowerCase()})`);
  if (room.resolved) parts.push("- dealt with");
  if (room.chest_checked) parts.push(room.chest_safe ? "- its chest was safe" : "- its chest was checked");
  return parts.join(" ");
}

/** Which system a view is from, when the page was not told: by the fields only it has. */
export function systemOf(view) {
  if (typeof view.system === "string") return view.system;
  if ("coins" in view && "stage" in view) return "squad";
  if ("goal_floor" in view) return "labyrinth";
  if ("rests_left" in view) return "cardcrawl";
  return "";
}

/** The place and the game's state as [label, words] pairs, in the view's own order. */
export function factsOf(view, system = systemOf(view)) {
  const table = FACTS[system];
  const facts = [];
  for (const [name, value] of Object.entries(view)) {
    if (value === null || value === undefined) continue;
    const fact = table ? table[name] : plainFact(name, value);
    if (!fact) continue;
    const [label, say] = fact;
    const words = say(value, view);
    if (words) facts.push([label, words]);
  }
  return facts;
}

/** A system this page has no table for: its plain fields, booleans and ids left out. */
function plainFact(name, value) {
  if (EVERYWHERE[name] !== undefined) return EVERYWHERE[name];
  if (!["string", "number"].includes(typeof value)) return null;
  return [named(name), (inner) => String(inner)];
}

/**
 * Squad's coins in words (Coin-Op, seed 003): the GM's Pacing and Reward Pool, the
 * Stage's Value with the Boss's share of it, the coins on the table waiting for a hero
 * to defeat their monster, and what the heroes hold. Empty for a view without coins.
 */
export function coinLines(view) {
  const coins = view.coins;
  if (!coins || typeof coins !== "object") return [];
  const lines = [["The GM's Pool", pennies(coins.pool)]];
  if (coins.stage_open) {
    const spare = coins.stage_value - coins.boss_reserve;
    lines.push(["Stage's Value", coins.boss_reserve
      ? `${pennies(coins.stage_value)} (${coins.boss_reserve} kept for the Boss, ${spare} for other monsters)`
      : pennies(coins.stage_value)]);
  } else {
    lines.push(["Stage's Value", "no stage open"]);
  }
  const pushed = Object.entries(coins.pushed || {});
  if (pushed.length) {
    lines.push(["On the table", listed(pushed.map(([denizen, amount]) =>
      `${pennies(amount)} on ${denizen}${fledWords(coins, denizen)}`))]);
  }
  if (coins.carried) lines.push(["For the next stage", pennies(coins.carried)]);
  lines.push(["The heroes hold", pennies(coins.with_heroes)]);
  if (coins.out_of_play) lines.push(["Out of play", pennies(coins.out_of_play)]);
  return lines;
}

function fledWords(coins, denizen) {
  if (!(denizen in (coins.fled || {}))) return "";
  return coins.fled[denizen] ? " (fled, pursued)" : " (fled)";
}

/**
 * Each system's hero health top where its view has none, and whether a rule lets
 * health rise above it (Amulet: "HEALTH: 100 health each", and food has no ceiling,
 * docs/rules/amulet.md `amulet.item.food-ale-poison`).
 */
export const HEALTH = {
  amulet: {max: 100, over: "by food and the stairs' torches"},
  "amulet-encounter": {max: 100, over: "by food and the stairs' torches"},
};

/** Health in words: "12 of 15", or "104 of 100, over the top by food" where a rule allows. */
export function healthWords(health, max, over = "") {
  if (health === null || health === undefined) return "";
  if (!max) return String(health);
  if (health > max) return `${health} of ${max}, over the top${over ? ` ${over}` : ""}`;
  return `${health} of ${max}`;
}
