// Shared helpers: texts from the page, safe element building, the grid's faces.

/** The page's catalogue of texts (the server's, in the page's language). */
export const TEXTS = JSON.parse(document.getElementById("texts").textContent);
export const DATA = JSON.parse(document.getElementById("data").textContent);
export const LANG = document.documentElement.lang === "en" ? "en" : "fr";

/** French says "0 mot", "1 mot"; English "0 words", "1 word". */
function singular(count) {
  return LANG === "fr" ? Math.abs(count) < 2 : count === 1;
}

/** `{name}` gets the field; `{count:mot|mots}` the number and its agreed noun (as text/i18n.py). */
function fill(template, fields) {
  return template.replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (all, key, one, many) => {
    if (!(key in fields)) return all;
    const value = fields[key];
    if (one === undefined) return String(value);
    return `${value} ${singular(Number(value)) ? one : many}`;
  });
}

/** A page text by key, with its {fields} filled. */
export function t(key, fields = {}) {
  return fill(TEXTS.page[key] ?? key, fields);
}

/** A page text by key as nodes: a field given as a node (or a list of nodes) goes in as
 * it is (a name's <bdi>, a link), the others as text; a field said twice (« Retirer
 * {name} ? {name} ne pourra plus… ») is a copy the second time. */
export function tNodes(key, fields = {}) {
  const template = TEXTS.page[key] ?? key;
  const nodes = [];
  const used = new Set();
  let last = 0;
  for (const found of template.matchAll(/\{(\w+)(?::[^|}]*\|[^}]*)?\}/g)) {
    const value = fields[found[1]];
    if (!(value instanceof Node) && !Array.isArray(value)) continue;
    const parts = [value].flat().map((part) => (used.has(found[1]) && part instanceof Node ? part.cloneNode(true) : part));
    used.add(found[1]);
    nodes.push(fill(template.slice(last, found.index), fields), ...parts);
    last = found.index + found[0].length;
  }
  nodes.push(fill(template.slice(last), fields));
  return nodes.filter((node) => node !== "");
}

/** A player's name as an element of its own, isolated from the text around it (<bdi>): a
 * right-to-left name never reorders the words or the names next to it (issue 26). */
export function nameEl(name) {
  return h("bdi", {}, name);
}

/** Names, each isolated, joined by « , ». */
export function namesEl(names) {
  return names.flatMap((name, index) => (index ? [", ", nameEl(name)] : [nameEl(name)]));
}

/** Why a word is refused (B12), by reason code. */
export function reason(code) {
  return TEXTS.reasons[code] ?? code;
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
    // through the CSSOM: a style attribute is refused by the Content-Security-Policy
    else if (name === "style") el.style.cssText = value;
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

/** POST `body` as JSON to `path` (in this page's language): {ok, answer, error text}. */
export async function postJSON(path, body) {
  const response = await fetch(`${path}?lang=${LANG}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  const error = response.ok ? null : (answer.text ?? answer.detail ?? answer.error ?? String(response.status));
  return { ok: response.ok, answer, error };
}

/** « Copier »: puts `text` on the clipboard (where it cannot, shows it to copy by hand). */
export function copyButton(text) {
  const button = h("button", { type: "button", class: "small" }, t("copy"));
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
      button.textContent = t("copied");
    } catch {
      button.textContent = text;
    }
  });
  return button;
}

/** "Label : value" in French, "Label: value" in English. */
export function labelled(label, value) {
  return `${label}${LANG === "fr" ? " : " : ": "}${value}`;
}

/** Replace `el`'s children, the focus kept on the control of the same id: a redraw (a
 * player joins, somebody is ready) must not drop a keyboard user to the page's body. */
export function replaceKeepingFocus(el, ...children) {
  const focused = document.activeElement;
  const id = focused && focused !== document.body && el.contains(focused) ? focused.id : "";
  el.replaceChildren(...children.filter((child) => child !== null && child !== false && child !== undefined));
  if (id) document.getElementById(id)?.focus({ preventScroll: true });
}

/** A folded word as it is written (ARETES → ARÊTES; several forms: PECHE → PÊCHE / PÉCHÉ),
 * from the `written` map a result or a score carries. */
export function writtenWord(word, written) {
  return (written?.[word] ?? [word]).join(" / ");
}

/** A link to the word's page on the Wiktionnaire (the English one for English lists). */
export function wiktionaryLink(word, written, dictionary) {
  const form = (written?.[word]?.[0] ?? word).toLowerCase();
  const site = dictionary === "en" ? "en" : "fr";
  const shown = writtenWord(word, written);
  return h(
    "a",
    { class: "wikt", href: `https://${site}.wiktionary.org/wiki/${encodeURIComponent(form)}`, target: "_blank", rel: "noopener", "aria-label": t("wiktionary", { word: shown }), title: t("wiktionary", { word: shown }) },
    "↗",
  );
}

/** A clock's length as the pages write it: « 45 s », « 2 min », « 1 h », « 1 jour », « 3 jours ». */
export function durationText(seconds) {
  const whole = Math.round(seconds);
  if (whole >= 86400 && whole % 86400 === 0) return t("dur.days", { count: whole / 86400 });
  if (whole >= 3600 && whole % 3600 === 0) return t("dur.h", { count: whole / 3600 });
  if (whole >= 60 && whole % 60 === 0) return t("dur.min", { count: whole / 60 });
  return t("dur.s", { count: whole });
}

/** Time left on a clock: « 42 s », « 3 min 05 s », « 23 h 07 min », « 2 j 4 h ». */
export function remainingText(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  const pad = (n) => String(n).padStart(2, "0");
  if (left >= 2 * 86400) return t("dur.left_days", { days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600) });
  if (left >= 3600) return t("dur.left_hours", { hours: Math.floor(left / 3600), minutes: pad(Math.floor((left % 3600) / 60)) });
  if (left >= 60) return t("dur.left_minutes", { minutes: Math.floor(left / 60), seconds: pad(left % 60) });
  return t("dur.s", { count: left });
}
