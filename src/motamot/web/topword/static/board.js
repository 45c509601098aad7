// The Topword board: 10×10 cells, each showing its top letter and its stack's height
// (a number and a shade), the four centre squares marked, the last move lit.
import { h } from "../common.js";

export const SIZE = 10;
export const COLUMNS = "ABCDEFGHIJ";
const CENTRE = new Set([44, 45, 54, 55]);

/** "5E" for cell 44 (row number then column letter, as the notation writes it). */
export function cellName(cell) {
  return `${Math.floor(cell / SIZE) + 1}${COLUMNS[cell % SIZE]}`;
}

/** Cell index of "5E" (null if not a cell name). */
export function cellOf(name) {
  const match = /^(\d{1,2})([A-J])$/.exec(name);
  if (!match) return null;
  const row = Number(match[1]) - 1;
  return row >= 0 && row < SIZE ? row * SIZE + COLUMNS.indexOf(match[2]) : null;
}

/**
 * Draw the board into `root`.
 * board: {tops: [label], heights: [n]}; lit: cells of the last move; draft: Map cell → label
 * (tiles put down but not played); cursor: {cell, across} or null; onCell(cell) on a tap.
 */
export function drawBoard(root, { board, lit = new Set(), draft = new Map(), cursor = null, onCell = null }) {
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
      const label = `${cellName(cell)}${top ? ` ${top}` : ""}${height ? ` (${height})` : ""}`;
      const el = h(
        onCell ? "button" : "div",
        { class: classes.join(" "), "data-cell": cell, "aria-label": label, type: onCell ? "button" : null },
        top ? h("span", { class: top.length > 1 ? "letter two" : "letter" }, top) : null,
        height ? h("span", { class: "height" }, String(height)) : null,
      );
      if (onCell) el.addEventListener("click", () => onCell(cell));
      cells.push(el);
    }
  }
  root.replaceChildren(h("div", { class: "board-grid" }, ...cells));
}
