// Building the page from data. Every text goes in as a text node, never parsed as
// HTML, so a monster's name or a rule's title can never become markup.

/** A new element: `el("p", {class: "x", onclick: f}, "text", child, ...)`. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      node.addEventListener(name.slice(2), value);
    } else if (name === "class") {
      node.className = value;
    } else if (name === "dataset") {
      Object.assign(node.dataset, value);
    } else if (name in node && typeof value !== "string") {
      node[name] = value; // properties such as checked, disabled, value
    } else {
      node.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(node, children);
  return node;
}

/** Appends children: nodes as they are, anything else as text; arrays are flattened. */
export function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces everything inside `node` with `children`. */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** The element with this id (a missing one is a bug in the page, said plainly). */
export function byId(id) {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page has no element #${id}`);
  return node;
}

/** A health bar: the width shows health against `max`, the number says it exactly. */
export function healthBar(health, max) {
  const top = Math.max(1, max || 100, health || 0);
  const share = Math.max(0, Math.min(1, (health || 0) / top));
  const level = share <= 0.25 ? "low" : share <= 0.5 ? "mid" : "high";
  const label = max ? `${health} / ${max}` : String(health);
  const fill = el("div", {class: "fill"});
  // Set through the style object: the page's content policy refuses style attributes.
  fill.style.width = `${Math.round(share * 100)}%`;
  return el("div", {class: `bar ${level}`, role: "meter", "aria-valuenow": String(health),
                    "aria-valuemin": "0", "aria-valuemax": String(top), title: label},
    fill, el("span", {class: "value"}, label));
}
