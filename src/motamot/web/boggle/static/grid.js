// @ts-check
// The grid of dice: drawn once per round, traced with Pointer Events, paths lit die by die.
import { gridRows, h, t } from "../common.js";

const SVG = "http://www.w3.org/2000/svg";

/** @typedef {number[]} Cell [row, col] */

/**
 * True when cells a and b ([row, col]) touch, diagonals included (B4).
 * @param {Cell} a
 * @param {Cell} b
 */
function adjacent(a, b) {
  return Math.max(Math.abs(a[0] - b[0]), Math.abs(a[1] - b[1])) === 1;
}

export class GridView {
  /**
   * `onTrace(text, cells)` is called when a trace of 2+ dice is released.
   * @param {string} text the grid's text form (rows joined by "/")
   * @param {{ onTrace?: ((text: string, cells: Cell[]) => void) | null, onTracing?: ((text: string) => void) | null }} hooks
   */
  constructor(text, { onTrace = null, onTracing = null } = {}) {
    this.rows = gridRows(text);
    this.size = this.rows.length;
    this.onTrace = onTrace;
    this.onTracing = onTracing;
    /** @type {Cell[]} */
    this.path = [];
    /** @type {HTMLElement[]} */
    this.dice = [];
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    const label = `${t("grid")} : ${this.rows.map((row) => row.join(" ")).join(" / ")}`;
    this.board = h("div", { class: `dice size-${this.size}`, style: `--size:${this.size}` });
    this.line = document.createElementNS(SVG, "polyline");
    this.svg = document.createElementNS(SVG, "svg");
    this.svg.setAttribute("class", "trace");
    this.svg.setAttribute("aria-hidden", "true");
    this.svg.append(this.line);
    this.rows.forEach((row, r) =>
      row.forEach((face, c) => {
        const die = h("span", { class: "die", "data-row": r, "data-col": c }, face === "_" ? "" : face);
        this.dice.push(die);
        this.board.append(die);
      }),
    );
    this.el = h("div", { class: "grid", role: "img", "aria-label": label }, this.board);
    this.board.append(this.svg);
    if (onTrace) this.listen();
  }

  /** @param {Cell} cell */
  face(cell) {
    return this.rows[cell[0]][cell[1]];
  }

  /** @param {Cell} cell */
  dieAt(cell) {
    return this.dice[cell[0] * this.size + cell[1]];
  }

  /**
   * The traced word as letters (Qu gives QU).
   * @param {Cell[]} cells
   */
  spell(cells) {
    return cells.map((cell) => this.face(cell).toUpperCase()).join("");
  }

  listen() {
    this.board.classList.add("traceable");
    this.board.addEventListener("pointerdown", (event) => {
      const cell = this.cellAt(event.clientX, event.clientY, 0.5);
      if (!cell) return;
      event.preventDefault();
      this.board.setPointerCapture(event.pointerId);
      this.path = [cell];
      this.drawTrace();
    });
    this.board.addEventListener("pointermove", (event) => {
      if (!this.path.length) return;
      // A smaller target than the die, so a diagonal does not catch its neighbours.
      const cell = this.cellAt(event.clientX, event.clientY, 0.36);
      if (!cell) return;
      const last = this.path[this.path.length - 1];
      const before = this.path[this.path.length - 2];
      if (cell[0] === last[0] && cell[1] === last[1]) return;
      if (before && cell[0] === before[0] && cell[1] === before[1]) {
        this.path.pop(); // going back undoes the last die
      } else if (adjacent(cell, last) && !this.path.some((p) => p[0] === cell[0] && p[1] === cell[1])) {
        this.path.push(cell);
      } else {
        return;
      }
      this.drawTrace();
    });
    const release = () => {
      if (!this.path.length) return;
      const cells = this.path;
      this.path = [];
      this.drawTrace();
      if (cells.length >= 2) this.onTrace?.(this.spell(cells), cells);
    };
    this.board.addEventListener("pointerup", release);
    this.board.addEventListener("pointercancel", () => {
      this.path = [];
      this.drawTrace();
    });
  }

  /**
   * The cell under (x, y), if the point is within `reach` (share of a die) of its centre.
   * @param {number} x
   * @param {number} y
   * @param {number} reach
   * @returns {Cell | null}
   */
  cellAt(x, y, reach) {
    const box = this.board.getBoundingClientRect();
    const step = box.width / this.size;
    const col = Math.floor((x - box.left) / step);
    const row = Math.floor((y - box.top) / step);
    if (row < 0 || col < 0 || row >= this.size || col >= this.size) return null;
    const dx = x - box.left - (col + 0.5) * step;
    const dy = y - box.top - (row + 0.5) * step;
    return Math.hypot(dx, dy) <= reach * step ? [row, col] : null;
  }

  drawTrace() {
    this.light(this.path, "traced");
    if (this.onTracing) this.onTracing(this.spell(this.path));
  }

  /**
   * Light `cells` in order (class `cls`), numbered, with the line through them.
   * @param {Cell[]} cells
   */
  light(cells, cls = "lit") {
    for (const die of this.dice) {
      die.classList.remove("traced", "lit");
      die.removeAttribute("data-step");
    }
    cells.forEach((cell, index) => {
      const die = this.dieAt(cell);
      die.classList.add(cls);
      die.setAttribute("data-step", String(index + 1));
    });
    const unit = 100 / this.size;
    this.svg.setAttribute("viewBox", "0 0 100 100");
    this.line.setAttribute("points", cells.map(([r, c]) => `${(c + 0.5) * unit},${(r + 0.5) * unit}`).join(" "));
  }

  /**
   * Light a path die by die (B13), as a finger would trace it.
   * @param {Cell[]} cells
   */
  play(cells) {
    clearTimeout(this.timer);
    let shown = 0;
    const step = () => {
      shown += 1;
      this.light(cells.slice(0, shown));
      if (shown < cells.length) this.timer = setTimeout(step, 180);
    };
    step();
  }
}
