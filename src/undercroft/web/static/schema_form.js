// House rules as form fields, made from a config model's JSON schema (pydantic's
// model_json_schema): booleans as checkboxes, integers and numbers as number
// inputs with their bounds, enums as selects, lists of words as comma lists, and
// nested models as fieldsets (one level down; deeper values keep their defaults).
//
// Only changed rules are sent. A nested model is sent whole when any of its fields
// changed, starting from the parent's default for it: the parent may set different
// defaults than the nested model does (Amulet's `play` turns scaling on).

import {el} from "./dom.js";
import {label} from "./views.js";

/** A property's schema with $ref, allOf of one and Optional (anyOf with null) unwrapped. */
function resolve(schema, root) {
  let current = schema;
  let nullable = false;
  for (let guard = 0; guard < 10; guard += 1) {
    if (current.$ref) {
      const name = current.$ref.split("/").pop();
      current = {...(root.$defs?.[name] ?? root.definitions?.[name] ?? {}), ...without(current, "$ref")};
    } else if (Array.isArray(current.allOf) && current.allOf.length === 1) {
      current = {...current.allOf[0], ...without(current, "allOf")};
    } else if (Array.isArray(current.anyOf)) {
      const options = current.anyOf.filter((option) => option.type !== "null");
      nullable = nullable || options.length < current.anyOf.length;
      if (options.length !== 1) break;
      current = {...options[0], ...without(current, "anyOf")};
    } else {
      break;
    }
  }
  return {schema: current, nullable};
}

function without(object, key) {
  const copy = {...object};
  delete copy[key];
  return copy;
}

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A form for `root` (a model's JSON schema) inside `container`. Returns
 * `{values(), defaults, onChange(callback)}`: `values()` is the config to send
 * (only what differs from the defaults).
 */
export function schemaForm(root, container) {
  const fields = []; // {path: [names], read(), fallback}
  const defaults = {};
  const nested = {}; // top-level name -> the nested model's default object
  for (const [name, property] of Object.entries(root.properties || {})) {
    const {schema, nullable} = resolve(property, root);
    if (schema.type === "object" && schema.properties) {
      const base = clone(property.default ?? schema.default) ?? defaultsOf(schema, root);
      nested[name] = base;
      defaults[name] = base;
      // The field's name ("play"), not its model's ("PlayRules"): a player reads the rule.
      const title = titleOf(name, property.title);
      const set = el("fieldset", {class: "nested"}, el("legend", {}, title),
        schema.description ? el("p", {class: "help"}, schema.description) : null);
      for (const [inner, innerProperty] of Object.entries(schema.properties)) {
        const field = fieldFor([name, inner], innerProperty, root, base[inner]);
        if (field) {
          fields.push(field);
          set.append(field.node);
        }
      }
      container.append(set);
    } else {
      defaults[name] = clone(property.default ?? schema.default);
      const field = fieldFor([name], property, root, defaults[name], nullable);
      if (field) {
        fields.push(field);
        container.append(field.node);
      }
    }
  }

  function values() {
    const config = {};
    for (const field of fields) {
      const value = field.read();
      const [top, inner] = field.path;
      if (inner === undefined) {
        if (!same(value, defaults[top])) config[top] = value;
      } else if (!same(value, nested[top][inner])) {
        config[top] ||= clone(nested[top]);
        config[top][inner] = value;
      }
    }
    return config;
  }

  return {
    values,
    defaults,
    onChange(callback) {
      container.addEventListener("input", callback);
      container.addEventListener("change", callback);
    },
  };
}

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Short words read as letters on a form. */
const LETTERS = new Set(["gm", "dm", "hp", "ff"]);

/**
 * A field's label: its model's title when the model wrote one (Field(title=...)), else
 * its name in sentence case ("gm_choice" -> "GM choice"), never pydantic's made-up
 * title ("Gm Choice").
 */
export function titleOf(name, title) {
  const made = String(name).split("_").map(capitalised).join(" ");
  if (title && title !== made) return title;
  const words = label(name).split(" ").map((word) => (LETTERS.has(word) ? word.toUpperCase() : word));
  return capitalised(words.join(" "));
}

/** The defaults a nested model declares for its own fields. */
function defaultsOf(schema, root) {
  const found = {};
  for (const [name, property] of Object.entries(schema.properties || {})) {
    const value = property.default ?? resolve(property, root).schema.default;
    if (value !== undefined) found[name] = clone(value);
  }
  return found;
}

/** One labelled input for a property, or null for a kind this form does not edit. */
function fieldFor(path, property, root, fallback, nullableOuter = false) {
  const {schema, nullable: nullableInner} = resolve(property, root);
  const nullable = nullableOuter || nullableInner;
  const id = `rule-${path.join("-")}`;
  const title = titleOf(path.at(-1), property.title);
  const help = property.description || schema.description;
  let input;
  let read;
  if (Array.isArray(schema.enum)) {
    input = el("select", {id},
      schema.enum.map((option, index) => el("option", {value: String(index), selected: same(option, fallback)},
        label(option))));
    read = () => schema.enum[Number(input.value)];
  } else if (schema.type === "boolean") {
    input = el("input", {id, type: "checkbox", checked: Boolean(fallback)});
    read = () => input.checked;
  } else if (schema.type === "integer" || schema.type === "number") {
    const integer = schema.type === "integer";
    input = el("input", {id, type: "number", inputmode: integer ? "numeric" : "decimal",
                         step: integer ? "1" : "any", value: fallback ?? "",
                         min: bound(schema.minimum, schema.exclusiveMinimum, integer, 1),
                         max: bound(schema.maximum, schema.exclusiveMaximum, integer, -1),
                         required: !nullable});
    read = () => (input.value === "" ? (nullable ? null : fallback) : Number(input.value));
  } else if (schema.type === "string") {
    input = el("input", {id, type: "text", value: fallback ?? "", pattern: schema.pattern?.replace(/^\^|\$$/g, ""),
                         maxlength: schema.maxLength, minlength: schema.minLength});
    read = () => (input.value === "" && nullable ? null : input.value);
  } else if (schema.type === "array" && listOfWords(schema.items, root)) {
    // A list of words (Amulet's party, a system's stages) as a comma list.
    const words = resolve(schema.items || {}, root).schema;
    input = el("input", {id, type: "text", value: (fallback || []).join(", "),
                         placeholder: words.enum ? words.enum.join(", ") : "comma, separated"});
    read = () => input.value.split(",").map((word) => word.trim()).filter(Boolean)
      .map((word) => (words.type === "integer" ? Number(word) : word));
  } else {
    return null; // kept at its default
  }
  input.dataset.path = path.join(".");
  const node = el("div", {class: `field field-${input.type || "select"}`},
    el("label", {for: id}, title), input, help ? el("small", {class: "help"}, help) : null);
  return {path, read, node, input};
}

function listOfWords(items, root) {
  if (!items) return false;
  const {schema} = resolve(items, root);
  return ["string", "integer"].includes(schema.type) || Array.isArray(schema.enum);
}

/** An input's min or max from inclusive or exclusive bounds (exclusive: one step in). */
function bound(inclusive, exclusive, integer, inward) {
  if (inclusive !== undefined) return inclusive;
  if (exclusive === undefined) return undefined;
  return integer ? exclusive + inward : exclusive;
}
