// The TV's map: the players' map (GET /api/table/map.json, docs/web-api.md) drawn
// in the page as SVG at the screen's own size, with the game's pieces from the view on
// it: a disc per hero in its room (key of names beside), foes counted in their rooms,
// the rooms the party can reach next lit, and exits named as the phones name them.
// Map data: {bounds, rooms [{id, outline}], exits [{id, room, kind, open, segment, to}],
// passages [{points, rooms}]}, in level units with y north. View fields read: Amulet
// heroes [{name, status, room}], rooms [{id, exits, swarms, monsters, generators}];
// Card Crawl party [{seat, title, incapacitated}], where, rooms [{room, links,
// enemies}], entrance_links.

import {withQuery} from "./api.js";
import {el, fill} from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const HERO_COLOURS = ["#e0a63a", "#4fa3e0", "#6cc46c", "#d9609a", "#a98ae6", "#e07a4f"];
const PAD_PX = 36;

/** An SVG element: attributes set, children appended (text as text nodes). */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null) node.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Keeps the map in step with the game: the map data is fetched again on every state
 * (one request at a time), and the pieces are drawn from the newest view. */
export class TableMap {
  constructor(frame, keyNode, token) {
    this.frame = frame;
    this.keyNode = keyNode;
    this.token = token;
    this.data = null;
    this.state = null;
    this.busy = false;
    this.again = false;
    new ResizeObserver(() => this.draw()).observe(frame);
  }

  async refresh(state) {
    this.state = state;
    this.draw();
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      const response = await fetch(withQuery("/api/table/map.json", {t: this.token}),
        {cache: "no-store", headers: {Accept: "application/json"}});
      if (!response.ok) throw new Error(`the map: the server answered ${response.status}`);
      this.data = await response.json();
      this.draw();
    } catch (error) {
      this.frame.dataset.problem = String(error.message);
    } finally {
      this.busy = false;
      if (this.again) {
        this.again = false;
        this.refresh(this.state);
      }
    }
  }

  draw() {
    if (!this.data || !this.state) return;
    const pieces = readView(this.state.system, this.state.view || {});
    const width = Math.max(200, this.frame.clientWidth);
    const height = Math.max(200, this.frame.clientHeight);
    fill(this.frame, drawMap(this.data, pieces, width, height));
    fill(this.keyNode, heroKey(pieces));
  }
}

// --- What the view says: heroes, foes, the rooms the party can reach ---------------------

/** The pieces to put on the map: heroes [{name, initial, colour, room, down, where}],
 * foes {room: [words]}, reachable rooms and exits, and the party's place (0: outside). */
export function readView(system, view) {
  if (Array.isArray(view.party)) return cardCrawlPieces(view);
  return amuletPieces(view);
}

/** Each hero's tag on its disc: its initial, or two letters where initials repeat. */
function tagHeroes(heroes) {
  const counts = {};
  for (const hero of heroes) counts[hero.initial] = (counts[hero.initial] || 0) + 1;
  for (const hero of heroes) {
    if (counts[hero.initial] > 1) {
      const letters = String(hero.name).replace(/[^A-Za-z0-9]/g, "");
      hero.initial = letters.slice(0, 2).replace(/^./, (c) => c.toUpperCase()) || hero.initial;
    }
  }
  return heroes;
}

function amuletPieces(view) {
  const heroes = (view.heroes || []).map((hero, index) => {
    const down = hero.status === "dead";
    const inRoom = hero.room !== null && hero.room !== undefined;
    return {name: hero.name, initial: initialOf(hero.name), colour: colourOf(index),
            room: down || !inRoom ? null : hero.room, down,
            where: down ? "dead" : inRoom ? `room ${hero.room}` : hero.status || "away"};
  });
  const foes = {};
  const reachable = new Set();
  const reachableExits = new Set();
  const party = new Set(heroes.filter((h) => h.room !== null).map((h) => h.room));
  for (const room of view.rooms || []) {
    const words = [];
    count(words, room.swarms, "swarm", "swarms");
    count(words, room.monsters, "monster", "monsters");
    count(words, room.generators, "generator", "generators");
    if (words.length) foes[room.id] = words;
    if (!party.has(room.id)) continue;
    for (const exit of room.exits || []) {
      if (!exit.open) continue;
      reachableExits.add(exit.id);
      for (const to of [exit.to].flat()) {
        if (to !== null && to !== undefined && !party.has(to)) reachable.add(to);
      }
    }
  }
  return {heroes: tagHeroes(heroes), foes, reachable, reachableExits, outside: false, party};
}

function cardCrawlPieces(view) {
  const where = view.where ?? 0;
  const heroes = view.party.map((fighter, index) => {
    const number = String(fighter.seat).match(/\d+$/);
    const down = Boolean(fighter.incapacitated);
    return {name: fighter.title ? `${fighter.seat} (${fighter.title})` : fighter.seat,
            initial: number ? number[0] : initialOf(fighter.seat), colour: colourOf(index),
            room: down ? null : where, down,
            where: down ? "out of the fight" : where ? `room ${where}` : "at the entrance"};
  });
  const foes = {};
  for (const room of view.rooms || []) {
    const standing = (room.enemies || []).filter((group) => (group.standing ?? 1) > 0);
    if (standing.length) {
      foes[room.room] = standing.map((group) => `${group.standing} ${group.kind}`);
    }
  }
  const here = (view.rooms || []).find((room) => room.room === where);
  const links = where ? (here?.links || []) : (view.entrance_links || []);
  const reachable = new Set(links.filter((link) => link !== 0 && link !== where));
  const reachableExits = new Set(links.map((link) => (link === 0 ? "entrance" : `room ${link}`)));
  return {heroes, foes, reachable, reachableExits, outside: where === 0,
          party: new Set([where])};
}

function count(words, list, one, many) {
  const n = (list || []).length;
  if (n) words.push(`${n} ${n === 1 ? one : many}`);
}

function initialOf(name) {
  return (String(name).match(/[A-Za-z0-9]/) || ["?"])[0].toUpperCase();
}

function colourOf(index) {
  return HERO_COLOURS[index % HERO_COLOURS.length];
}

// --- Drawing ----------------------------------------------------------------------------

/** The map as an SVG element `width` x `height` pixels, the shown rooms filling it.
 * Labels are placed greedily, most important first (room numbers, heroes, foes, then
 * exit names), each where it overlaps nothing placed before it when it can. */
export function drawMap(data, pieces, width, height) {
  const [xmin, ymin, xmax, ymax] = viewBounds(data);
  const scale = Math.min((width - 2 * PAD_PX) / (xmax - xmin), (height - 2 * PAD_PX) / (ymax - ymin));
  const offX = (width - (xmax - xmin) * scale) / 2;
  const offY = (height - (ymax - ymin) * scale) / 2;
  const at = ([x, y]) => [offX + (x - xmin) * scale, offY + (ymax - y) * scale];
  const points = (list) => list.map((p) => at(p).map((v) => v.toFixed(1)).join(",")).join(" ");
  const font = (units, low, high) => Math.max(low, Math.min(high, units * scale));
  const taken = new Taken();

  const root = svg("svg", {class: "tv-map", width, height, viewBox: `0 0 ${width} ${height}`,
                           role: "img", "aria-label": data.title || "the players' map"});
  const layers = {
    passages: svg("g", {class: "passages"}), rooms: svg("g", {class: "rooms"}),
    exits: svg("g", {class: "exits"}), labels: svg("g", {class: "labels"}),
    pieces: svg("g", {class: "pieces"}),
  };
  root.append(...Object.values(layers));
  const onMap = new Set(data.rooms.map((room) => room.id));

  const centres = {};
  const boxes = {};
  for (const room of data.rooms) {
    const lit = pieces.reachable.has(room.id);
    const here = pieces.party.has(room.id);
    const cls = `room${lit ? " reachable" : ""}${here ? " party-here" : ""}`;
    layers.rooms.append(svg("polygon", {class: cls, points: points(room.outline),
                                        "data-room": room.id}));
    const box = bbox(room.outline);
    const [left, top] = at([box[0], box[3]]);
    const [right, bottom] = at([box[2], box[1]]);
    boxes[room.id] = {left, top, right, bottom};
    centres[room.id] = at(innerCentre(room.outline, box));
  }
  for (const room of data.rooms) {
    // The number at the room's top left corner, inside it (or just outside a tiny room).
    const size = font(0.4, 18, 34);
    const {left, top} = boxes[room.id];
    const corner = at(innerCorner(room.outline, bbox(room.outline)));
    const x = Math.max(left, corner[0]) + size * 0.15;
    const y = Math.max(top, corner[1]) + size * 0.05;
    const w = String(room.id).length * size * 0.62;
    taken.add({x, y, w, h: size});
    layers.labels.append(svg("text", {class: "room-id", x, y, "font-size": size,
                                      "dominant-baseline": "hanging"}, String(room.id)));
  }

  for (const passage of data.passages || []) {
    layers.passages.append(svg("polyline", {class: "passage", points: points(passage.points),
                                            "stroke-width": font(0.3, 6, 18)}));
    const [start, end] = passage.rooms;
    if (start === null) {
      const [x, y] = at(passage.points[0]);
      const size = font(0.3, 14, 22);
      const [w, h] = labelSize("Entrance", size);
      const box = taken.place([[x + w / 2, y - h], [x + w / 2, y + h]], [w, h]);
      layers.labels.append(plate(box, "Entrance", "entrance-label", size));
    }
    if (end !== null && !onMap.has(end)) {
      const size = font(0.4, 18, 26);
      const [x, y] = at(passage.points.at(-1));
      taken.add({x: x - size, y: y - size, w: 2 * size, h: 2 * size});
      layers.labels.append(unentered([x, y], end, pieces.reachable.has(end), size));
    }
  }

  drawPieces(layers.pieces, data, pieces, centres, at, font, taken);

  const marked = new Set();
  for (const exit of data.exits || []) {
    const [a, b] = exit.segment.map(at);
    const lit = pieces.reachableExits.has(exit.id) && pieces.party.has(exit.room);
    const cls = `exit ${exit.open ? "open" : "shut"}${lit ? " reachable" : ""}`;
    const key = exit.segment.flat().join(",");
    if (!marked.has(key)) {
      marked.add(key);
      const title = svg("title", {}, `${exit.id}: ${exit.kind}${exit.open ? ", open" : ", shut"}`);
      if (Math.hypot(b[0] - a[0], b[1] - a[1]) > 1) {
        layers.exits.append(svg("line", {class: cls, x1: a[0], y1: a[1], x2: b[0], y2: b[1],
                                         "stroke-width": font(0.14, 5, 12)}, title));
      } else {
        layers.exits.append(svg("circle", {class: cls, cx: a[0], cy: a[1], r: font(0.12, 5, 10)},
                                title));
      }
    }
    if (data.passages?.length) continue; // a plan's doors are named by the rooms they join
    // Each side's name inside its own room, by the wall: the name a hero there uses.
    const size = font(0.22, 14, 22);
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const [dx, dy] = INWARD[exit.wall] || [0, 0];
    const along = [(b[0] - a[0]) / (Math.hypot(b[0] - a[0], b[1] - a[1]) || 1),
                   (b[1] - a[1]) / (Math.hypot(b[0] - a[0], b[1] - a[1]) || 1)];
    const spots = [];
    for (const depth of [0.85, 1.9, 3]) {
      for (const shift of [0, 1.6, -1.6, 3, -3]) {
        spots.push([mid[0] + dx * size * depth + along[0] * size * shift,
                    mid[1] + dy * size * depth + along[1] * size * shift]);
      }
    }
    const box = taken.place(spots, labelSize(exit.id, size));
    layers.labels.append(plate(box, exit.id, `exit-label${lit ? " reachable" : ""}`, size,
                               exit.room));
  }
  return root;
}

/** Screen directions into a room from a wall facing this way (y grows downwards). */
const INWARD = {N: [0, 1], S: [0, -1], E: [-1, 0], W: [1, 0], NE: [-0.7, 0.7],
                NW: [0.7, 0.7], SE: [-0.7, -0.7], SW: [0.7, -0.7]};

/** The boxes already drawn on, to keep labels apart. */
class Taken {
  constructor() {
    this.boxes = [];
  }

  add(box) {
    this.boxes.push(box);
    return box;
  }

  overlap(box) {
    let total = 0;
    for (const other of this.boxes) {
      const w = Math.min(box.x + box.w, other.x + other.w) - Math.max(box.x, other.x);
      const h = Math.min(box.y + box.h, other.y + other.h) - Math.max(box.y, other.y);
      if (w > 0 && h > 0) total += w * h;
    }
    return total;
  }

  /** The first of the centres `spots` where a box of `size` overlaps nothing (else the
   * one that overlaps least), taken. */
  place(spots, [w, h]) {
    let best = null;
    let least = Infinity;
    for (const [cx, cy] of spots) {
      const box = {x: cx - w / 2, y: cy - h / 2, w, h};
      const overlap = this.overlap(box);
      if (overlap < least) {
        best = box;
        least = overlap;
      }
      if (overlap === 0) break;
    }
    return this.add(best);
  }
}

function labelSize(text, size) {
  return [String(text).length * size * 0.62 + size * 0.7, size * 1.4];
}

/** What to fit on the screen: the map's bounds, at least six units across so that one
 * room alone is not blown up to fill a wall, and no more: the rooms found early in a
 * level are drawn large enough to read from across the room. */
function viewBounds(data) {
  let [xmin, ymin, xmax, ymax] = data.bounds;
  const least = 6;
  const grow = (lo, hi) => {
    const more = Math.max(0, least - (hi - lo)) / 2;
    return [lo - more, hi + more];
  };
  [xmin, xmax] = grow(xmin, xmax);
  [ymin, ymax] = grow(ymin, ymax);
  return [xmin - 0.3, ymin - 0.3, xmax + 0.3, ymax + 0.3];
}

/** Heroes as discs in their rooms (a cluster at the room's inner centre, or at the way
 * in when the party is outside) and each room's foes as a red tag below them. */
function drawPieces(layer, data, pieces, centres, at, font, taken) {
  const radius = font(0.24, 17, 28);
  const groups = {};
  for (const hero of pieces.heroes) {
    if (hero.room === null) continue;
    (groups[hero.room] ||= []).push(hero);
  }
  const entrance = (data.passages || []).find((p) => p.rooms[0] === null);
  for (const [room, heroes] of Object.entries(groups)) {
    let centre = centres[room];
    if (!centre && Number(room) === 0 && entrance) {
      const [x, y] = at(entrance.points[0]);
      centre = [x + radius * 2.2, y + radius * 2.6];
    }
    if (!centre) continue;
    const perRow = Math.min(heroes.length, 2);
    const rows = Math.ceil(heroes.length / perRow);
    const step = radius * 2.15;
    // The cluster at the room's centre, or nudged off the room's number when it is there.
    const spots = [[0, 0], [0, 0.5], [0.5, 0.5], [0, 1], [0.5, 0], [-0.5, 0.5]]
      .map(([dx, dy]) => [centre[0] + dx * step, centre[1] + dy * step]);
    const cluster = taken.place(spots, [perRow * step, rows * step]);
    centre = [cluster.x + cluster.w / 2, cluster.y + cluster.h / 2];
    centres[room] = centre;
    heroes.forEach((hero, index) => {
      const x = centre[0] + ((index % perRow) - (perRow - 1) / 2) * step;
      const y = centre[1] + (Math.floor(index / perRow) - (rows - 1) / 2) * step;
      layer.append(svg("g", {class: "hero-token", "data-hero": hero.name, "data-room": room},
        svg("circle", {cx: x, cy: y, r: radius, fill: hero.colour}),
        svg("text", {x, y, "font-size": radius * (hero.initial.length > 1 ? 0.85 : 1.1),
                     "text-anchor": "middle", "dominant-baseline": "central"}, hero.initial),
        svg("title", {}, `${hero.name}: ${hero.where}`)));
    });
  }
  for (const [room, words] of Object.entries(pieces.foes)) {
    const centre = centres[room];
    if (!centre) continue;
    const rows = groups[room] ? Math.ceil(groups[room].length / 2) : 0;
    const below = rows ? rows * radius * 1.1 + radius * 0.9 : 0;
    const size = font(0.22, 15, 22);
    const text = words.join(", ");
    const [w, h] = labelSize(text, size);
    const y = centre[1] + below + (rows ? h / 2 : 0);
    const box = taken.place([[centre[0], y], [centre[0], centre[1] - below - h / 2],
                             [centre[0], y + h]], [w, h]);
    layer.append(plate(box, text, "foe-tag", size, room));
  }
}

/** A label on a dark plate, so it reads over walls and corridors. */
function plate(box, text, cls, size, room = null) {
  return svg("g", {class: cls, "data-room": room ?? undefined},
    svg("rect", {x: box.x, y: box.y, width: box.w, height: box.h, rx: box.h / 3}),
    svg("text", {x: box.x + box.w / 2, y: box.y + box.h / 2, "font-size": size,
                 "text-anchor": "middle", "dominant-baseline": "central"}, String(text)));
}

/** A room the party has not entered: only its number, at the end of the corridor. */
function unentered([x, y], number, lit, size) {
  return svg("g", {class: `unentered${lit ? " reachable" : ""}`, "data-room": number},
    svg("circle", {cx: x, cy: y, r: size * 0.95}),
    svg("text", {x, y, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central"},
        String(number)),
    svg("title", {}, `room ${number}, not entered yet`));
}

function bbox(outline) {
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** A point well inside the room: of a grid of points over its box, the inside one
 * nearest the box's centre (an L-shaped or cut room's centre may be outside it). */
function innerCentre(outline, box) {
  const centre = [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  if (inside(centre, outline)) return centre;
  let best = null;
  let bestDistance = Infinity;
  for (let x = box[0] + 0.25; x < box[2]; x += 0.5) {
    for (let y = box[1] + 0.25; y < box[3]; y += 0.5) {
      const distance = Math.hypot(x - centre[0], y - centre[1]);
      if (distance < bestDistance && inside([x, y], outline)) {
        best = [x, y];
        bestDistance = distance;
      }
    }
  }
  return best || centre;
}

/** The top-left-most point a little inside the room (for its number). */
function innerCorner(outline, box) {
  for (let y = box[3] - 0.15; y > box[1]; y -= 0.25) {
    for (let x = box[0] + 0.15; x < box[2]; x += 0.25) {
      if (inside([x, y], outline)) return [x - 0.1, y + 0.1];
    }
  }
  return [box[0], box[3]];
}

function inside([x, y], outline) {
  let result = false;
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i++) {
    const [xi, yi] = outline[i];
    const [xj, yj] = outline[j];
    if ((yi > y) !== (yj > y) && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) result = !result;
  }
  return result;
}

// --- The key ----------------------------------------------------------------------------

/** Who is who, and where: a disc per hero with its name and its room, always shown. */
function heroKey(pieces) {
  return el("ul", {class: "hero-key"}, pieces.heroes.map((hero) => {
    const disc = el("span", {class: "disc"}, hero.initial);
    disc.style.background = hero.colour;
    return el("li", {class: hero.down ? "down" : null, dataset: {hero: hero.name}},
      disc, el("b", {}, hero.name), el("span", {class: "muted"}, ` ${hero.where}`));
  }));
}

/** What the map's marks mean (folded away under the map). */
export function mapLegend() {
  const row = (cls, words) => el("li", {}, el("span", {class: `swatch ${cls}`}), words);
  return el("ul", {class: "map-legend-list"},
    row("room", "a room on the map, its number at its top left"),
    row("party-here", "a room the party is in"),
    row("reachable", "a room the party can reach next (an open way from its room)"),
    row("exit-open", "an open exit, named as the phones name it"),
    row("exit-shut", "a shut exit (a door, a wall door, a secret found)"),
    row("foe", "foes in the room, counted"),
    row("unentered", "a room seen from a corridor, not entered yet"));
}
