// Shared helpers: texts from the page, safe element building, the grid's faces.

const TEXTS = JSON.parse(document.getElementById("texts").textContent);
export const DATA = JSON.parse(document.getElementById("data").textContent);
export const LANG = document.documentElement.lang === "en" ? "en" : "fr";

function fill(template, fields) {
  return template.replace(/\{(\w+)\}/g, (all, key) => (key in fields ? String(fields[key]) : all));
}

/** A page text by key, with its {fields} filled. */
export function t(key, fields = {}) {
  return fill(TEXTS.page[key] ?? key, fields);
}

/** Why something was refused, by code. */
export function refusal(code, fields = {}) {
  return fill(TEXTS.refusals[code] ?? code, fields);
}

/** A protocol error, by code. */
export function errorText(code) {
  return TEXTS.errors[code] ?? code;
}

/** An element with attributes and children; strings become text nodes (never HTML). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (name.startsWith("on")) el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** The faces of a grid's text form, row by row: "ORTE/BEST" → [["O","R","T","E"], ...]. */
export function gridRows(text) {
  return text.split("/").map((row) => row.match(/[A-Z][a-z]*|_/g) ?? []);
}
