// @ts-check
// The Topword board: 10×10 cells, each showing its top letter and its stack's height
// (a number in a dark badge in the cell's lower left corner, and a shade), the four
// centre squares marked, the last move lit. A player's board is one tab stop: the arrow
// keys move between the cells.
import { h, t } from "../common.js";

export const SIZE = 10;
export const COLUMNS = "ABCDEFGHIJ";
const CENTRE = new Set([44, 45, 54, 55]);

/** @typedef {{ cell: number, across: boolean }} Cursor where typed letters go, and which way */
/**
 * What a board is drawn with (the board, and what a player's board adds).
 * @typedef {object} BoardOptions
 * @property {{ tops: string[], heights: number[] }} board
 * @property {Set<number | null>} [lit]
 * @property {Map<number, string>} [draft]
 * @property {Cursor | null} [cursor]
 * @property {((cell: number, event: MouseEvent) => void) | null} [onCell]
 * @property {number} [focusCell]
 */

/**
 * "5E" for cell 44 (row number then column letter, as the notation writes it).
 * @param {number} cell
 */
export function cellName(cell) {
  return `${Math.floor(cell / SIZE) + 1}${COLUMNS[cell % SIZE]}`;
}

/**
 * Cell index of "5E" (null if not a cell name).
 * @param {string} name
 */
export function cellOf(name) {
  const match = /^(\d{1,2})([A-J])$/.exec(name);
  if (!match) return null;
  const row = Number(match[1]) - 1;
  return row >= 0 && row < SIZE ? row * SIZE + COLUMNS.indexOf(match[2]) : null;
}

/**
 * Draw the board into `root`.
 * board: {tops: [label], heights: [n]}; lit: cells of the last move; draft: Map cell → label
 * (tiles put down but not played); cursor: {cell, across} or null; onCell(cell) on a tap;
 * focusCell: the cell that is the board's one tab stop (a player's board).
 * @param {Element} root
 * @param {BoardOptions} options
 */
export function drawBoard(
  root,
  { board, lit = new Set(), draft = new Map(), cursor = null, onCell = null, focusCell = 44 },
) {
  const cells = [];
  const corner = h("div", { class: "axis corner", "aria-hidden": "true" });
  cells.push(corner);
  for (let col = 0; col < SIZE; col++) cells.push(h("div", { class: "axis", "aria-hidden": "true" }, COLUMNS[col]));
  for (let row = 0; row < SIZE; row++) {
    cells.push(h("div", { class: "axis", "aria-hidden": "true" }, String(row + 1)));
    for (let col = 0; col < SIZE; col++) {
      const cell = row * SIZE + col;
      const pending = draft.get(cell);
      const height = board.heights[cell] + (pending ? 1 : 0);
      const top = pending ?? board.tops[cell];
      const classes = ["cell", `h${Math.min(height, 5)}`];
      if (CENTRE.has(cell)) classes.push("centre");
      if (lit.has(cell)) classes.push("lit");
      if (pending) classes.push("draft");
      if (cursor && cursor.cell === cell) classes.push("cursor", cursor.across ? "across" : "down");
      const label = `${cellName(cell)}${top ? ` ${top}` : ""}${height ? `, ${t("stack_height", { count: height })}` : ""}`;
      const attrs = { class: classes.join(" "), "data-cell": cell, "aria-label": label };
      const el = onCell
        ? h("button", { ...attrs, type: "button", tabindex: cell === focusCell ? 0 : -1 })
        : h("div", { ...attrs, role: "img" });
      if (top) el.append(h("span", { class: top.length > 1 ? "letter two" : "letter" }, top));
      if (height) el.append(h("span", { class: "stack", "aria-hidden": "true" }, String(height)));
      if (onCell) el.addEventListener("click", (event) => onCell(cell, /** @type {MouseEvent} */ (event)));
      cells.push(el);
    }
  }
  root.replaceChildren(h("div", { class: "board-grid" }, ...cells));
}

/**
 * The cell an arrow key moves to from `cell` (null: not an arrow, or the board's edge).
 * @param {number} cell
 * @param {string} key
 */
export function arrowStep(cell, key) {
  const row = Math.floor(cell / SIZE);
  const col = cell % SIZE;
  /** @type {Record<string, number[]>} */
  const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const [dr, dc] = steps[key] ?? [0, 0];
  if (!dr && !dc) return null;
  const r = row + dr;
  const c = col + dc;
  return r >= 0 && r < SIZE && c >= 0 && c < SIZE ? r * SIZE + c : null;
}
