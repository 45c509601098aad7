// @ts-check
// Shared helpers: texts from the page, safe element building, the grid's faces.
import { fieldText, fill, tokens } from "./format.js";

/**
 * The texts the browser needs, in the page's language (text/web.py, `client_catalog`).
 * @typedef {{ page: Record<string, string>, reasons: Record<string, string>, errors: Record<string, string>,
 *   refusals: Record<string, string>, score: Record<string, string> }} Catalog
 */
/**
 * The page's data (its `data` block, server/pages.py): what every room's page has; a page
 * of its own reads what its kind adds (its module says what it is).
 * @typedef {object} RoomData
 * @property {string} room the room (with its invitation on a player's link)
 * @property {string} watch_id the room's id alone (its watch link)
 * @property {string} mode play, watch, or one of the kind's page modes (replay, analysis)
 * @property {boolean} watch
 * @property {number} max_name
 * @property {{ max: number, history: number, phrases: string[] }} chat the chat's bounds and set phrases
 */
/** @typedef {RoomData & Record<string, unknown>} PageData */
/** @typedef {Node | string | number | false | null | undefined} Leaf what an element may hold */
/** @typedef {Leaf | Leaf[]} Child an element's child, or a list of them */
/** @typedef {Record<string, string | number | boolean | null | undefined | ((event: Event) => unknown)>} Attributes */

/** The page's catalogue of texts (the server's, in the page's language). */
export const TEXTS = /** @type {Catalog} */ (JSON.parse(document.getElementById("texts")?.textContent ?? "null"));
/** The page's data. */
export const DATA = /** @type {PageData} */ (JSON.parse(document.getElementById("data")?.textContent ?? "null"));
/** @type {import("./format.js").Language} */
export const LANG = document.documentElement.lang === "en" ? "en" : "fr";

/**
 * A page text by key, with its {fields} filled.
 * @param {string} key
 * @param {Record<string, unknown>} fields
 */
export function t(key, fields = {}) {
  return fill(TEXTS.page[key] ?? key, fields, LANG);
}

/**
 * A page text by key as nodes: a field given as a node (or a list of nodes) goes in as
 * it is (a name's <bdi>, a link), the others as text; a field said twice (« Retirer
 * {name} ? {name} ne pourra plus… ») is a copy the second time.
 * @param {string} key
 * @param {Record<string, unknown>} fields
 * @returns {(Node | string)[]}
 */
export function tNodes(key, fields = {}) {
  /** @type {(Node | string)[]} */
  const nodes = [];
  const used = new Set();
  let text = "";
  for (const token of tokens(TEXTS.page[key] ?? key)) {
    const value = typeof token === "string" ? undefined : fields[token.name];
    if (typeof token === "string") text += token;
    else if (!(value instanceof Node) && !Array.isArray(value)) text += fieldText(token, fields, LANG);
    else {
      nodes.push(
        text,
        ...[value].flat().map((part) => (used.has(token.name) && part instanceof Node ? part.cloneNode(true) : part)),
      );
      used.add(token.name);
      text = "";
    }
  }
  nodes.push(text);
  return nodes.filter((node) => node !== "");
}

/**
 * A player's name as an element of its own, isolated from the text around it (<bdi>): a
 * right-to-left name never reorders the words or the names next to it (issue 26).
 * @param {string} name
 */
export function nameEl(name) {
  return h("bdi", {}, name);
}

/**
 * Names, each isolated, joined by « , ».
 * @param {string[]} names
 */
export function namesEl(names) {
  return names.flatMap((name, index) => (index ? [", ", nameEl(name)] : [nameEl(name)]));
}

/**
 * Why a word is refused (B12), by reason code.
 * @param {string} code
 */
export function reason(code) {
  return TEXTS.reasons[code] ?? code;
}

/**
 * A protocol error, by code.
 * @param {string} code
 */
export function errorText(code) {
  return TEXTS.errors[code] ?? code;
}

/**
 * An element with attributes and children; strings become text nodes (never HTML).
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Attributes} attrs
 * @param {Child[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === null || value === undefined) continue;
    if (typeof value === "function") el.addEventListener(name.slice(2), value);
    else if (name === "class") el.className = String(value);
    // through the CSSOM: a style attribute is refused by the Content-Security-Policy
    else if (name === "style") el.style.cssText = String(value);
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/**
 * The faces of a grid's text form, row by row: "ORTE/BEST" → [["O","R","T","E"], ...].
 * @param {string} text
 */
export function gridRows(text) {
  return text.split("/").map((row) => row.match(/[A-Z][a-z]*|_/g) ?? []);
}

/**
 * POST `body` as JSON to `path` (in this page's language): {ok, answer, error text}. The
 * answer is the route's JSON, whose shape the caller knows (`any`: not checked here).
 * @param {string} path
 * @param {unknown} body
 * @returns {Promise<{ ok: boolean, answer: any, error: string | null }>}
 */
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

/**
 * « Copier »: puts `text` on the clipboard (where it cannot, shows it to copy by hand).
 * @param {string} text
 */
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

/**
 * A word list as a player reads it: « français (fr) », "English (en+2)" for the lists the
 * site names, with the version the room plays (W4: `fr` before any change of this
 * server's, `fr+2` after two, as its records name it); a server's own list by its name.
 * @param {string} name
 */
export function dictionaryName(name) {
  const key = `dictionary.${name.replace(/\+\d+$/, "")}`;
  return key in TEXTS.page ? `${t(key)} (${name})` : name;
}

/**
 * "Label : value" in French, "Label: value" in English.
 * @param {string} label
 * @param {string | number} value
 */
export function labelled(label, value) {
  return `${label}${LANG === "fr" ? " : " : ": "}${value}`;
}

/**
 * Replace `el`'s children, the focus kept on the control of the same id: a redraw (a
 * player joins, somebody is ready) must not drop a keyboard user to the page's body.
 * @param {Element} el
 * @param {(Node | string | null | false | undefined)[]} children
 */
export function replaceKeepingFocus(el, ...children) {
  const focused = document.activeElement;
  const id = focused && focused !== document.body && el.contains(focused) ? focused.id : "";
  el.replaceChildren(...children.filter((child) => child !== null && child !== false && child !== undefined));
  if (id) document.getElementById(id)?.focus({ preventScroll: true });
}

/**
 * Like replaceKeepingFocus, but keeps in place each child that would be drawn the same,
 * in order: a click whose press and release straddle a redraw (a player joining, a
 * presence frame) then still reaches its button, which a new button in its place never
 * gets. Only for parts whose handlers act on what their elements show (a kept button
 * keeps the handler of the drawing that made it).
 * @param {Element} el
 * @param {...(Node | string | null | false | undefined)} children
 */
export function replaceChanged(el, ...children) {
  const focused = document.activeElement;
  const id = focused && focused !== document.body && el.contains(focused) ? focused.id : "";
  /** @type {ChildNode | null} */
  let cursor = el.firstChild;
  for (const child of children) {
    if (child === null || child === false || child === undefined) continue;
    const node = typeof child === "string" ? document.createTextNode(child) : child;
    let same = cursor; // the next old child drawn the same, if any
    while (same && !node.isEqualNode(same)) same = same.nextSibling;
    if (same) {
      while (cursor && cursor !== same) cursor = dropped(cursor); // the old ones before it go
      cursor = same.nextSibling;
    } else el.insertBefore(node, cursor);
  }
  while (cursor) cursor = dropped(cursor);
  if (id && document.activeElement !== document.getElementById(id))
    document.getElementById(id)?.focus({ preventScroll: true });
}

/**
 * Remove `node`; the sibling that followed it.
 * @param {ChildNode} node
 */
function dropped(node) {
  const next = node.nextSibling;
  node.remove();
  return next;
}

/**
 * A folded word as it is written (ARETES → ARÊTES; several forms: PECHE → PÊCHE / PÉCHÉ),
 * from the `written` map a result or a score carries.
 * @param {string} word
 * @param {Record<string, string[]>} [written]
 */
export function writtenWord(word, written) {
  return (written?.[word] ?? [word]).join(" / ");
}

/**
 * A link to the word's page on the Wiktionnaire (the English one for English lists).
 * @param {string} word
 * @param {Record<string, string[]> | undefined} written
 * @param {string} dictionary
 */
export function wiktionaryLink(word, written, dictionary) {
  const form = (written?.[word]?.[0] ?? word).toLowerCase();
  const site = dictionary?.split("+")[0] === "en" ? "en" : "fr"; // a server's version: en+3
  const shown = writtenWord(word, written);
  return h(
    "a",
    {
      class: "wikt",
      href: `https://${site}.wiktionary.org/wiki/${encodeURIComponent(form)}`,
      target: "_blank",
      rel: "noopener",
      "aria-label": t("wiktionary", { word: shown }),
      title: t("wiktionary", { word: shown }),
    },
    "↗",
  );
}

/**
 * A clock's length as the pages write it: « 45 s », « 2 min », « 1 h », « 1 jour », « 3 jours ».
 * @param {number} seconds
 */
export function durationText(seconds) {
  const whole = Math.round(seconds);
  if (whole >= 86400 && whole % 86400 === 0) return t("dur.days", { count: whole / 86400 });
  if (whole >= 3600 && whole % 3600 === 0) return t("dur.h", { count: whole / 3600 });
  if (whole >= 60 && whole % 60 === 0) return t("dur.min", { count: whole / 60 });
  return t("dur.s", { count: whole });
}

/**
 * Time left on a clock: « 42 s », « 3 min 05 s », « 23 h 07 min », « 2 j 4 h ».
 * @param {number} seconds
 */
export function remainingText(seconds) {
  const left = Math.max(0, Math.ceil(seconds));
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  if (left >= 2 * 86400)
    return t("dur.left_days", { days: Math.floor(left / 86400), hours: Math.floor((left % 86400) / 3600) });
  if (left >= 3600)
    return t("dur.left_hours", { hours: Math.floor(left / 3600), minutes: pad(Math.floor((left % 3600) / 60)) });
  if (left >= 60) return t("dur.left_minutes", { minutes: Math.floor(left / 60), seconds: pad(left % 60) });
  return t("dur.s", { count: left });
}
