// @ts-check
// « Le plateau sur la table » (web/topword/analysis.py): a board editor over the page's
// plain form. Tap a cell, then a letter (the next cell across is chosen for you) or the
// height of its stack; tap the rack, then its letters; or draw a duplicate draw at
// random from the tiles left in the bag. The position and rack fields follow every tap,
// so the form sends (and the page's link shares) what the editor shows.
import { DATA, h, t } from "../common.js";

/** @typedef {{ tiles: Record<string, number>, rack: number, height: number }} Ruleset */
/** @typedef {{ letter: string, height: number }} Square */

const SIZE = 10;
const form = /** @type {HTMLFormElement | null} */ (document.querySelector(".analysis-form"));
const position = /** @type {HTMLTextAreaElement | null} */ (document.getElementById("position"));
const rackField = /** @type {HTMLInputElement | null} */ (document.getElementById("chevalet"));
const rules = /** @type {HTMLSelectElement | null} */ (document.getElementById("regles"));

/** @returns {Ruleset} */
function ruleset() {
  const all = /** @type {Record<string, Ruleset>} */ (DATA.tiles);
  return all[rules?.value ?? ""] ?? Object.values(all)[0];
}

/** `E5`: a cell's column letter and row number (the notation's). @param {number} index */
function cellName(index) {
  return `${String.fromCharCode(65 + (index % SIZE))}${Math.floor(index / SIZE) + 1}`;
}

/**
 * The squares a position text describes (as the server reads it, forgiving less: what
 * it cannot read leaves the board empty, the server then says why).
 * @param {string} text
 * @returns {Square[]}
 */
function squaresOf(text) {
  const empty = () => Array.from({ length: SIZE * SIZE }, () => ({ letter: "", height: 0 }));
  const rows = text.includes("/") ? text.split("/").map((r) => r.replace(/\s/g, "")) : text.split(/\s+/);
  if (rows.at(-1) === "") rows.pop();
  if (rows.length !== SIZE) return empty();
  const squares = [];
  for (const row of rows) {
    const cells = row.match(/\.|(?:Qu|QU|qu|[A-Za-z])[1-5]?/g) ?? [];
    if (cells.join("") !== row || cells.length !== SIZE) return empty();
    for (const cell of cells) {
      if (cell === ".") squares.push({ letter: "", height: 0 });
      else {
        const height = /\d$/.test(cell) ? Number(cell.at(-1)) : 1;
        const letter = cell.replace(/\d$/, "");
        squares.push({ letter: letter.length > 1 ? "Qu" : letter.toUpperCase(), height });
      }
    }
  }
  return squares;
}

/** The rack's tiles as the server reads them (`Q` is the Qu tile: `QU` is Qu and U). @param {string} text */
function rackOf(text) {
  return (text.match(/[A-Za-z]/g) ?? []).map((l) => (l.toUpperCase() === "Q" ? "Qu" : l.toUpperCase()));
}

const state = {
  squares: squaresOf(position?.value ?? ""),
  rack: rackOf(rackField?.value ?? ""),
  /** the cell being edited, or "rack", or -1: nothing */
  /** @type {number | "rack"} */
  active: -1,
};

const boardEl = h("div", { class: "tw-edit-board", role: "group", "aria-label": t("editor.board") });
const palette = h("div", { class: "tw-palette" });
const rackButton = h("button", { type: "button", class: "tw-edit-rack", id: "edit-rack" });
const bagLine = h("p", { class: "hint", id: "edit-bag" });

/** Write the fields from the editor (the form sends them, the link shares them). */
function write() {
  if (position) {
    const rows = [];
    for (let r = 0; r < SIZE; r++) {
      const cells = state.squares.slice(r * SIZE, (r + 1) * SIZE);
      rows.push(cells.map((s) => (s.height ? s.letter + (s.height > 1 ? s.height : "") : ".")).join(""));
    }
    position.value = state.squares.some((s) => s.height) ? rows.join("/") : "";
  }
  if (rackField) rackField.value = state.rack.map((l) => (l === "Qu" ? "Q" : l)).join(""); // Q: the Qu tile
}

/** The tiles that may be left in the bag: the ruleset's, less the board's tops and the
 * rack's (the letters a stack buries are not known: `inBag` counts them out). */
function bag() {
  const left = { ...ruleset().tiles };
  for (const tile of [...state.squares.filter((s) => s.height).map((s) => s.letter), ...state.rack])
    if (left[tile]) left[tile] -= 1;
  return left;
}

/** How many tiles the bag holds: all of them, less every tile stacked and the rack's. */
function inBag() {
  const all = Object.values(ruleset().tiles).reduce((a, b) => a + b, 0);
  const stacked = state.squares.reduce((sum, s) => sum + s.height, 0);
  return Math.max(0, all - stacked - state.rack.length);
}

function draw() {
  boardEl.replaceChildren(
    ...state.squares.map((square, index) =>
      h(
        "button",
        {
          type: "button",
          class: `tw-edit-cell${square.height ? " filled" : ""}`,
          "data-cell": index,
          "aria-pressed": String(state.active === index),
          "aria-label": t("editor.cell", {
            cell: cellName(index),
            what: square.height
              ? t("editor.stack", { letter: square.letter, height: square.height })
              : t("editor.empty"),
          }),
          onclick: () => activate(index),
        },
        square.letter,
        square.height > 1 ? h("sub", {}, String(square.height)) : null,
      ),
    ),
  );
  const rackText = state.rack.join(" ") || t("editor.rack_empty");
  rackButton.textContent = t("editor.rack_target", { rack: rackText });
  rackButton.setAttribute("aria-pressed", String(state.active === "rack"));
  const left = inBag();
  bagLine.textContent = t("editor.left", { count: left });
  drawPalette();
}

function drawPalette() {
  const letters = Object.keys(ruleset().tiles).map((letter) =>
    h("button", { type: "button", class: "tw-key", onclick: () => put(letter) }, letter),
  );
  const heights = [];
  for (let n = 1; n <= ruleset().height; n++)
    heights.push(
      h(
        "button",
        { type: "button", class: "tw-key", "aria-label": t("editor.height", { height: n }), onclick: () => stack(n) },
        String(n),
      ),
    );
  const rack = state.active === "rack";
  palette.hidden = state.active === -1;
  const keys = [h("div", { class: "tw-keys", role: "group", "aria-label": t("editor.letters") }, letters)];
  if (!rack) keys.push(h("div", { class: "tw-keys", role: "group", "aria-label": t("editor.heights") }, heights));
  const back = rack ? t("editor.rack_back") : t("editor.clear_cell");
  palette.replaceChildren(...keys, h("button", { type: "button", class: "small", onclick: clearOne }, back));
}

/** @param {number | "rack"} target */
function activate(target) {
  state.active = target;
  draw();
  if (typeof target === "number") focusCell(target);
}

/** @param {number} index */
function focusCell(index) {
  /** @type {HTMLElement | null} */ (boardEl.querySelector(`[data-cell="${index}"]`))?.focus();
}

/** A letter tapped: on the cell (a stack keeps its height), or at the rack's end. @param {string} letter */
function put(letter) {
  if (state.active === "rack") {
    if (state.rack.length < ruleset().rack) state.rack.push(letter);
  } else if (state.active >= 0) {
    const square = state.squares[state.active];
    state.squares[state.active] = { letter, height: Math.max(1, square.height) };
    if ((state.active + 1) % SIZE) state.active += 1; // the next cell across
  }
  write();
  draw();
}

/** A height tapped: the active cell's stack (a cell with a letter only). @param {number} height */
function stack(height) {
  if (typeof state.active !== "number" || state.active < 0) return;
  const square = state.squares[state.active];
  if (square.letter) state.squares[state.active] = { ...square, height };
  write();
  draw();
}

function clearOne() {
  if (state.active === "rack") state.rack.pop();
  else if (state.active >= 0) state.squares[state.active] = { letter: "", height: 0 };
  write();
  draw();
}

/** A duplicate draw: the rack filled at random from what the bag holds (the page's own
 * randomness: a draw to analyse, not a game's). */
function drawRack() {
  state.rack = [];
  const left = bag();
  const pile = Object.entries(left).flatMap(([letter, count]) => Array(count).fill(letter));
  while (state.rack.length < ruleset().rack && pile.length) {
    const [tile] = pile.splice(Math.floor(Math.random() * pile.length), 1);
    state.rack.push(tile);
  }
  write();
  draw();
}

/** The keyboard on a cell: a letter places it, 1-5 its height, arrows move, Delete empties.
 * @param {KeyboardEvent} event */
function onKey(event) {
  const target = /** @type {HTMLElement} */ (event.target);
  const index = Number(target.dataset.cell ?? -1);
  if (index < 0) return;
  state.active = index;
  const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -SIZE, ArrowDown: SIZE };
  const key = event.key;
  if (key in moves) {
    const next = index + moves[/** @type {keyof typeof moves} */ (key)];
    if (next >= 0 && next < SIZE * SIZE) activate(next);
  } else if (/^[a-zA-Z]$/.test(key)) {
    const letter = key.toUpperCase() === "Q" ? "Qu" : key.toUpperCase();
    if (letter in ruleset().tiles) put(letter);
    focusCell(/** @type {number} */ (state.active));
  } else if (/^[1-9]$/.test(key) && Number(key) <= ruleset().height) {
    stack(Number(key));
    focusCell(index);
  } else if (key === "Delete" || key === "Backspace") {
    clearOne();
    focusCell(index);
  } else return;
  event.preventDefault();
}

if (form && position && rackField) {
  boardEl.addEventListener("keydown", onKey);
  rackButton.addEventListener("click", () => activate("rack"));
  const clearAll = () => {
    state.squares = squaresOf("");
    state.active = -1;
    write();
    draw();
  };
  const editor = h(
    "section",
    { class: "tw-editor", "aria-labelledby": "editor-title" },
    h("h2", { id: "editor-title" }, t("editor.title")),
    h("p", { class: "hint" }, t("editor.intro")),
    boardEl,
    h("div", { class: "row" }, rackButton),
    palette,
    h(
      "div",
      { class: "row" },
      h("button", { type: "button", id: "edit-draw", onclick: drawRack }, t("editor.draw")),
      h("button", { type: "button", class: "small", onclick: clearAll }, t("editor.clear")),
    ),
    bagLine,
  );
  form.prepend(editor);
  // what is typed in the fields is what the editor shows (both ways)
  position.addEventListener("change", () => {
    state.squares = squaresOf(position.value);
    draw();
  });
  rackField.addEventListener("change", () => {
    state.rack = rackOf(rackField.value);
    draw();
  });
  rules?.addEventListener("change", draw);
  draw();
}
