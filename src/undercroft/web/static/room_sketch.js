// A small map of one hero's room for a phone: the room's outline, its exits on their
// walls labelled by the ids the choices name ("1.1 stair" beside "Take the stair down
// (1.1)"), and the heroes, foes and contents in it. Drawn as inline SVG from the
// seat's own view, so it shows nothing the seat may not know.
//
// View fields read (Amulet): heroes [{name, room, status}], rooms [{id, size, shape,
// exits [{id, to}], exit_states [{id, kind, wall, open, found}], swarms, monsters,
// generators [{id, kind, health, place}], contents [{id, kind, gone}]}]; an
// amulet-encounter view has the one room's fields at its top level.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 360;
const MARGIN = {side: 54, top: 30, bottom: 34}; // room for the exits' labels outside the walls
const ROW = 24; // one row of heroes, foes and contents inside the room
const WALLS = ["north", "east", "south", "west"];

/** The room the seat's hero stands (or fell) in, as plain lists; null when the view
 * has no rooms (other systems) or the hero is in none. */
export function roomOf(view, seat) {
  const heroes = Array.isArray(view.heroes) ? view.heroes : [];
  const hero = heroes.find((one) => one.name === seat);
  let room = null;
  if (Array.isArray(view.rooms)) {
    if (!hero || hero.room === null || hero.room === undefined) return null;
    room = view.rooms.find((one) => one.id === hero.room) || null;
    if (!room) return null;
  } else if (Array.isArray(view.exits) && Array.isArray(view.contents)) {
    room = {id: null, size: view.size, shape: "", exit_states: view.exits, exits: [],
            swarms: view.swarms, monsters: view.monsters, generators: view.generators,
            contents: view.contents};
  } else {
    return null;
  }
  const leadsTo = {};
  for (const exit of room.exits || []) leadsTo[exit.id] = exit.to;
  const foes = [];
  for (const [list, what] of [["swarms", "swarm"], ["monsters", ""], ["generators", "generator"]]) {
    for (const foe of room[list] || []) {
      if (foe.health > 0) foes.push({id: foe.id, kind: [foe.kind, what].filter(Boolean).join(" "),
                                     health: foe.health, beyond: foe.place === "beyond"});
    }
  }
  const here = heroes.filter((one) => Array.isArray(view.rooms)
    ? one.room === room.id && (one.status === "in room" || one.status === "trapped"
                               || one.name === seat)
    : one.status === "in room" || one.status === "trapped" || one.name === seat);
  return {
    id: room.id, size: room.size, shape: room.shape || "",
    exits: (room.exit_states || []).filter((exit) => exit.found !== false).map((exit) => ({
      id: exit.id, kind: exit.kind, wall: firstWall(exit.wall), open: exit.open,
      to: leadsTo[exit.id] ?? null})),
    foes,
    contents: (room.contents || []).filter((item) => !item.gone)
      .map((item) => ({id: item.id, kind: item.kind})),
    heroes: here.map((one) => ({name: one.name, mine: one.name === seat,
                                dead: one.status === "dead", health: one.health})),
  };
}

function firstWall(wall) {
  const words = String(wall || "").toLowerCase().split(/\s+/);
  const long = {n: "north", s: "south", e: "east", w: "west"};
  for (const word of words) {
    const named = long[word] || word;
    if (WALLS.includes(named)) return named;
  }
  return "north";
}

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

/** The room drawn as an SVG element (with its own title for screen readers): two
 * columns of marks inside a box as tall as they need. */
export function roomSketch(room) {
  const marks = [
    ...room.heroes.map((hero) => ({kind: hero.dead ? "fallen" : hero.mine ? "me" : "hero",
      label: hero.dead ? `${hero.name} (fallen)`
        : hero.mine && typeof hero.health === "number" ? `${hero.name} ${hero.health}`
        : hero.name})),
    ...room.foes.filter((foe) => !foe.beyond).map((foe) => ({kind: "foe",
                                                             label: `${foe.id} ${foe.health}`})),
    ...room.contents.map((item) => ({kind: "item", label: `${item.id} ${item.kind}`})),
  ];
  const rows = Math.max(2, Math.ceil(marks.length / 2));
  const box = {x: MARGIN.side, y: MARGIN.top, w: WIDTH - 2 * MARGIN.side, h: 30 + rows * ROW};
  const beyond = room.foes.filter((foe) => foe.beyond);
  const height = box.y + box.h + MARGIN.bottom + (beyond.length ? 18 : 0);
  const drawing = svg("svg", {viewBox: `0 0 ${WIDTH} ${height}`, class: "room-sketch",
                              role: "img"});
  const title = room.id === null ? "your room" : `room ${room.id}`;
  drawing.append(svg("title", {}, `A sketch of ${title}: exits, foes and contents`));
  drawing.append(outline(room.shape, box));
  drawing.append(svg("text", {x: box.x + 8, y: box.y + 17, class: "sketch-room"},
    room.id === null ? `size ${room.size ?? "?"}`
      : `Room ${room.id}${room.shape ? ` · ${room.shape}` : ""}${room.size ? ` · size ${room.size}` : ""}`));
  for (const wall of WALLS) {
    const exits = room.exits.filter((exit) => exit.wall === wall);
    exits.forEach((exit, index) => drawing.append(exitMark(exit, wall, index, exits.length, box)));
  }
  marks.forEach((mark, index) => drawing.append(markAt(mark, index, box)));
  if (beyond.length) {
    drawing.append(svg("text", {x: WIDTH / 2, y: height - 6, "text-anchor": "middle",
                                class: "sketch-beyond"},
      `beyond the murder hole: ${beyond.map((foe) => foe.id).join(", ")}`));
  }
  return drawing;
}

function outline(shape, box) {
  if (shape === "circle") {
    return svg("ellipse", {cx: box.x + box.w / 2, cy: box.y + box.h / 2, rx: box.w / 2,
                           ry: box.h / 2, class: "sketch-wall"});
  }
  return svg("rect", {x: box.x, y: box.y, width: box.w, height: box.h, rx: 6,
                      class: "sketch-wall"});
}

/** An exit: a gap on its wall, and its id and kind outside the wall. */
function exitMark(exit, wall, index, count, box) {
  const group = svg("g", {class: `sketch-exit ${exit.open ? "open" : "shut"}`,
                          "data-exit": exit.id});
  const share = (index + 1) / (count + 1);
  const horizontal = wall === "north" || wall === "south";
  const x = horizontal ? box.x + box.w * share : wall === "east" ? box.x + box.w : box.x;
  const y = horizontal ? (wall === "north" ? box.y : box.y + box.h) : box.y + box.h * share;
  const half = 14;
  group.append(svg("line", horizontal
    ? {x1: x - half, y1: y, x2: x + half, y2: y}
    : {x1: x, y1: y - half, x2: x, y2: y + half}));
  const to = exit.to === null || exit.to === undefined ? ""
    : ` → ${Array.isArray(exit.to) ? exit.to.join(",") : exit.to}`;
  const label = `${exit.id} ${exit.kind}${to}`;
  const offset = {north: [0, -10], south: [0, 20], east: [8, 4], west: [-8, 4]}[wall];
  const anchor = wall === "east" ? "start" : wall === "west" ? "end" : "middle";
  if (horizontal) {
    group.append(svg("text", {x, y: y + offset[1], "text-anchor": anchor}, label));
  } else {
    // Side walls: the id on one line, the kind under it, so the label fits the margin.
    const text = svg("text", {x: x + offset[0], y: y + offset[1] - 6, "text-anchor": anchor});
    text.append(svg("tspan", {x: x + offset[0], dy: 0}, exit.id));
    text.append(svg("tspan", {x: x + offset[0], dy: 14}, `${exit.kind}${to}`));
    group.append(text);
  }
  return group;
}

/** A hero, foe or content in the room, in two columns under the room's name. */
function markAt(mark, index, box) {
  const column = index % 2;
  const row = Math.floor(index / 2);
  const width = box.w / 2;
  const x = box.x + 16 + column * width;
  const y = box.y + 36 + row * ROW;
  const group = svg("g", {class: `sketch-mark ${mark.kind}`});
  if (mark.kind === "foe") {
    group.append(svg("path", {d: `M${x} ${y - 7} L${x + 7} ${y} L${x} ${y + 7} L${x - 7} ${y} Z`}));
  } else if (mark.kind === "item") {
    group.append(svg("rect", {x: x - 6, y: y - 6, width: 12, height: 12}));
  } else {
    group.append(svg("circle", {cx: x, cy: y, r: 7}));
  }
  const room = Math.floor((width - 26) / 7.5);
  const label = mark.label.length > room ? `${mark.label.slice(0, room - 1)}…` : mark.label;
  group.append(svg("text", {x: x + 12, y: y + 5}, label));
  group.append(svg("title", {}, mark.label));
  return group;
}
