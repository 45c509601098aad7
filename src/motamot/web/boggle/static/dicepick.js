// @ts-check
// The box's grid picked on a picture (docs/rules.md B16): tap a cell, then the face its
// die shows among the dice still free (the preset's dice, B2: each die once, six faces
// each); the text field fills in once every cell is chosen. Buttons all the way: the
// keyboard reaches everything (the arrows move between cells), a phone's thumb too. Beside a grid field: the room's
// next grid, the create form's, the solver's.
import { DATA, h, t } from "../common.js";

/** @typedef {{ size: number, dice: string[][] }} DiceSet */
/** @typedef {{ face: string, die: number | null }} Cell a face chosen (its die: null when typed) */

/** A face as it is read out (a blank has no letter). @param {string} face */
function faceName(face) {
  return face === "_" ? t("dice.blank") : face;
}

/** `B3`: a cell's column letter and row number (as the solver's paths say). */
function cellName(/** @type {number} */ index, /** @type {number} */ size) {
  return `${String.fromCharCode(65 + (index % size))}${Math.floor(index / size) + 1}`;
}

/**
 * The faces of a grid's text form (`ORTE/BEST/INAM/GTED`, `Qu` one face), or null.
 * @param {string} text
 * @param {number} size
 */
function facesOf(text, size) {
  const rows = text.trim().split("/");
  if (rows.length !== size) return null;
  const faces = rows.flatMap((row) => row.trim().match(/[A-Z][a-z]*|_/g) ?? []);
  return faces.length === size * size ? faces : null;
}

export class DicePicker {
  /**
   * @param {string} id the grid field's id (looked up when written: a page may draw it again)
   * @param {() => string} presetOf the preset whose dice are offered
   */
  constructor(id, presetOf) {
    this.id = id;
    this.presetOf = presetOf;
    /** @type {Cell[]} */
    this.cells = [];
    this.preset = "";
    this.active = -1;
    this.grid = h("div", { class: "pick-grid", role: "group", "aria-label": t("dice.grid") });
    this.faces = h("div", { class: "pick-faces" });
    this.left = h("p", { class: "hint", role: "status" });
    const clear = h("button", { type: "button", class: "small", onclick: () => this.reset(true) }, t("dice.clear"));
    const body = h("div", { id: `${id}-pick-body`, hidden: true }, this.grid, this.left, this.faces, clear);
    const toggle = h(
      "button",
      { type: "button", class: "small pick-toggle", "aria-expanded": "false", "aria-controls": `${id}-pick-body` },
      t("dice.pick"),
    );
    toggle.addEventListener("click", () => {
      body.hidden = !body.hidden;
      toggle.setAttribute("aria-expanded", String(!body.hidden));
      if (!body.hidden) this.reset(false);
    });
    this.el = h("div", { class: "dice-pick", id: `${id}-pick` }, toggle, body);
    this.grid.addEventListener("keydown", (event) => this.arrows(event));
  }

  /** The arrow keys move from cell to cell (Enter or Space opens one's faces). @param {KeyboardEvent} event */
  arrows(event) {
    const size = this.set?.size ?? 0;
    const from = Number(/** @type {HTMLElement} */ (event.target).dataset.cell ?? -1);
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -size, ArrowDown: size }[event.key];
    if (from < 0 || step === undefined) return;
    const to = from + step;
    if (to < 0 || to >= size * size || (Math.abs(step) === 1 && Math.floor(to / size) !== Math.floor(from / size)))
      return;
    event.preventDefault();
    /** @type {HTMLElement | null} */ (this.grid.querySelector(`[data-cell="${to}"]`))?.focus();
  }

  /** @returns {DiceSet | undefined} */
  get set() {
    const all = /** @type {Record<string, DiceSet> | undefined} */ (DATA.dice);
    return all?.[this.presetOf()];
  }

  /** @returns {HTMLInputElement | null} */
  get field() {
    return /** @type {HTMLInputElement | null} */ (document.getElementById(this.id));
  }

  /**
   * Start again for the preset chosen now: from the grid typed in the field if it fits,
   * else empty; `wipe`: empty whatever the field holds.
   * @param {boolean} wipe
   */
  reset(wipe) {
    const set = this.set;
    if (!set) return;
    const typed = wipe ? null : facesOf(this.field?.value ?? "", set.size);
    if (!wipe && this.preset === this.presetOf() && this.cells.length === set.size ** 2 && !typed) return this.draw();
    this.preset = this.presetOf();
    this.cells = Array.from({ length: set.size ** 2 }, (_, i) => ({ face: typed?.[i] ?? "", die: null }));
    this.active = -1;
    this.draw();
  }

  /** The dice no other cell took (the active cell's own is free to choose again). */
  freeDice() {
    const set = /** @type {DiceSet} */ (this.set);
    const taken = new Set(this.cells.filter((c, i) => i !== this.active && c.die !== null).map((c) => c.die));
    return set.dice.map((faces, number) => ({ faces, number })).filter((d) => !taken.has(d.number));
  }

  draw() {
    const set = this.set;
    if (!set) return;
    const size = set.size;
    this.grid.style.setProperty("--size", String(size));
    this.grid.replaceChildren(
      ...this.cells.map((cell, index) =>
        h(
          "button",
          {
            type: "button",
            class: `pick-cell${index === this.active ? " active" : ""}`,
            "data-cell": index,
            "aria-pressed": String(index === this.active),
            "aria-label": t("dice.cell", {
              cell: cellName(index, size),
              face: cell.face ? faceName(cell.face) : t("dice.empty"),
            }),
            onclick: () => this.choose(index),
          },
          cell.face === "_" ? "␣" : cell.face || "·",
        ),
      ),
    );
    const missing = this.cells.filter((c) => !c.face).length;
    this.left.textContent = missing ? t("dice.left", { count: missing }) : t("dice.done", { grid: this.text() });
    if (this.active < 0) return this.faces.replaceChildren();
    this.faces.replaceChildren(
      h("p", { id: `${this.id}-which` }, t("dice.which", { cell: cellName(this.active, size) })),
      h(
        "div",
        { class: "pick-dice", role: "group", "aria-labelledby": `${this.id}-which` },
        this.freeDice().map(({ faces, number }) =>
          h(
            "div",
            { role: "group", "aria-label": t("dice.die", { number: number + 1 }) },
            [...new Set(faces)].map((face) =>
              // a face printed twice on a die: one button
              h(
                "button",
                {
                  type: "button",
                  class: "pick-face",
                  "aria-label": t("dice.face", { face: faceName(face), number: number + 1 }),
                  onclick: () => this.place(face, number),
                },
                face === "_" ? "␣" : face,
              ),
            ),
          ),
        ),
      ),
    );
  }

  /** A cell tapped: its die's faces are offered. @param {number} index */
  choose(index) {
    this.active = index;
    this.draw();
    /** @type {HTMLElement | null} */ (this.faces.querySelector(".pick-face"))?.focus();
  }

  /**
   * A face chosen for the active cell: the next cell to choose is tapped for the player.
   * @param {string} face
   * @param {number} die
   */
  place(face, die) {
    const index = this.active;
    this.cells[index] = { face, die };
    const next = this.cells.findIndex((c, i) => i > index && !c.face);
    const again = next >= 0 ? next : this.cells.findIndex((c) => !c.face);
    const field = this.field;
    if (field && this.cells.every((c) => c.face)) {
      field.value = this.text();
      field.dispatchEvent(new Event("input", { bubbles: true }));
    }
    if (again >= 0) return this.choose(again);
    this.active = -1;
    this.draw();
    /** @type {HTMLElement | null} */ (this.grid.querySelector(`[data-cell="${index}"]`))?.focus();
  }

  /** The grid's text form, rows joined by `/`. */
  text() {
    const size = /** @type {DiceSet} */ (this.set).size;
    const rows = [];
    for (let r = 0; r < size; r++)
      rows.push(
        this.cells
          .slice(r * size, (r + 1) * size)
          .map((c) => c.face)
          .join(""),
      );
    return rows.join("/");
  }
}
