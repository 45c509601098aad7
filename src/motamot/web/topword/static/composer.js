// @ts-check
// The move a player composes on a Topword board, before it is played: rack tiles dragged
// to cells (mouse, pen or finger) or along the rack to reorder it, a tap on a cell then
// typed letters, the notation typed whole, and the referee's preview as it goes. Shared
// by the pages that take a move (a table, a duplicate game); each says what a move does.
import { announce } from "../client.js";
import { h, t } from "../common.js";
import { SIZE, arrowStep } from "./board.js";
import { contestControl } from "../contest.js";
import { refusalText, scoreList } from "./score.js";

/** @typedef {import("./board.js").Cursor} Cursor */
/**
 * What the composer asks of the page's client.
 * @typedef {{ ask(type: string, fields?: Record<string, unknown>): number | null, say(text: string): void, unsay(): void }} Asker
 */
/**
 * A move as a message's fields: the notation typed, or the tiles put on cells.
 * @typedef {{ move: string } | { placements: [number, string][], across?: boolean }} MoveFields
 */

/**
 * The next cell along the word (null at the board's edge).
 * @param {number} cell
 * @param {boolean} across
 */
function step(cell, across) {
  const row = Math.floor(cell / SIZE);
  const col = cell % SIZE;
  if (across) return col + 1 < SIZE ? cell + 1 : null;
  return row + 1 < SIZE ? cell + SIZE : null;
}

export class Composer {
  /** @type {Asker} */
  client;
  /** @type {HTMLElement} */
  boardBox;
  /** @type {HTMLInputElement} */
  typeHere;
  /** @type {string} */
  storageKey;
  /** @type {() => { tops: string[], heights: number[] }} */
  board;
  /** @type {() => boolean} */
  active;
  /** @type {() => void} */
  redraw;
  /** @type {() => void} */
  submit;
  /** @type {(index: number) => boolean} */
  pageTap;

  /**
   * client: the page's RoomClient; boardBox: the section the board is drawn in (its keys
   * are read there); typeHere: the hidden field a phone types into; storageKey: where this
   * player's arrangement of the rack is kept. Hooks: board() the board as it stands,
   * active() whether a move may be composed now, redraw() the page, submit() play the move,
   * tapTile(index) true when the page took a tap on a rack tile (an exchange).
   * @param {{ client: Asker, boardBox: HTMLElement, typeHere: HTMLInputElement, storageKey: string,
   *   board: () => { tops: string[], heights: number[] }, active: () => boolean, redraw: () => void,
   *   submit: () => void, tapTile?: (index: number) => boolean }} parts
   */
  constructor({ client, boardBox, typeHere, storageKey, board, active, redraw, submit, tapTile = () => false }) {
    Object.assign(this, { client, boardBox, typeHere, storageKey, board, active, redraw, submit, pageTap: tapTile });
    /** @type {string[]} */
    this.order = JSON.parse(localStorage.getItem(storageKey) ?? "[]"); // the rack as arranged (labels)
    this.focusCell = 44; // the board's one tab stop (5E until a cell is chosen)
    /** @type {Map<number, { tile: string, index: number }>} */
    this.draft = new Map(); // cell → {tile, index in order}
    /** @type {Cursor | null} */
    this.cursor = null; // {cell, across}
    /** @type {Protocol.topword.PreviewVerdict | null} */
    this.verdict = null; // the last preview (for the current draft)
    /** @type {number | null} */
    this.previewId = 0;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.previewTimer = undefined;
    this.typedNotation = ""; // the notation a kept draft had, for the field drawn next
    /** @type {string | null} */
    this.draftKey = null; // where this seat's draft is kept in this browser (a reload keeps it)
    boardBox.addEventListener("keydown", (event) => this.onBoardKey(event));
    document.addEventListener("keydown", (event) => this.onKey(event));
    // A phone's keyboard may send no key codes, only the text: read it from the input.
    typeHere.addEventListener("input", () => {
      for (const char of typeHere.value.toUpperCase()) if (/^[A-Z]$/.test(char)) this.typeLetter(char);
      typeHere.value = "";
    });
  }

  // --- the draft: tiles put on the board but not played yet ------------------------------

  usedIndexes() {
    return new Set([...this.draft.values()].map((d) => d.index));
  }

  /**
   * @param {number} cell
   * @param {number} index
   */
  placeTile(cell, index) {
    if (!this.active() || this.usedIndexes().has(index)) return;
    if (this.board().heights[cell] >= 5) return;
    const previous = this.draft.get(cell);
    this.draft.set(cell, { tile: this.order[index], index });
    if (previous) announce(t("take_back"));
    this.changed();
  }

  /** @param {number} cell */
  takeBack(cell) {
    this.draft.delete(cell);
    this.changed();
  }

  clear() {
    this.draft.clear();
    this.cursor = null;
    this.verdict = null;
    this.keepDraft();
  }

  /** Keep the draft (its tiles, its way, the notation typed), or forget it when empty. */
  keepDraft() {
    if (!this.draftKey) return;
    const notation = /** @type {HTMLInputElement | null} */ (document.getElementById("notation"))?.value ?? "";
    if (!this.draft.size && !notation) {
      localStorage.removeItem(this.draftKey);
      return;
    }
    const tiles = [...this.draft.entries()].map(([cell, d]) => [cell, d.tile, d.index]);
    localStorage.setItem(this.draftKey, JSON.stringify({ tiles, cursor: this.cursor, notation }));
  }

  /**
   * Put back the draft kept for this seat (after a reload), each tile only if the rack
   * still holds it where it was and its cell can take it; then ask for its preview.
   * @param {string} key where it is kept
   */
  restoreDraft(key) {
    this.draftKey = key;
    let kept;
    try {
      kept = JSON.parse(localStorage.getItem(key) ?? "null");
    } catch {
      kept = null;
    }
    if (!kept || !this.active()) return;
    const heights = this.board().heights;
    for (const [cell, tile, index] of Array.isArray(kept.tiles) ? kept.tiles : []) {
      const fits = Number.isInteger(cell) && cell >= 0 && cell < SIZE * SIZE && heights[cell] < 5;
      if (fits && this.order[index] === tile && !this.usedIndexes().has(index)) this.draft.set(cell, { tile, index });
    }
    const cursor = kept.cursor;
    if (cursor && Number.isInteger(cursor.cell) && cursor.cell >= 0 && cursor.cell < SIZE * SIZE)
      this.cursor = { cell: cursor.cell, across: Boolean(cursor.across) };
    this.typedNotation = typeof kept.notation === "string" ? kept.notation.slice(0, 40) : "";
    this.redraw();
    this.schedulePreview();
  }

  /** The draft and the notation typed, cleared once the move is played (and forgotten). */
  reset() {
    const notation = /** @type {HTMLInputElement | null} */ (document.getElementById("notation"));
    if (notation) notation.value = "";
    this.clear();
  }

  /** @returns {[number, string][]} */
  placements() {
    return [...this.draft.entries()].sort((a, b) => a[0] - b[0]).map(([cell, d]) => [cell, d.tile]);
  }

  /** The draft on the board, by cell, for `drawBoard`. */
  draftTiles() {
    return new Map([...this.draft.entries()].map(([cell, d]) => [cell, d.tile]));
  }

  changed() {
    this.keepDraft();
    this.verdict = null;
    this.client.unsay(); // a refusal of the draft before is stale
    this.redraw();
    this.schedulePreview();
  }

  schedulePreview() {
    clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => this.askPreview(), 120);
  }

  /**
   * The move as a message's fields: the notation typed, or the tiles put on cells.
   * @returns {MoveFields | null}
   */
  moveFields() {
    const notation = /** @type {HTMLInputElement | null} */ (document.getElementById("notation"))?.value.trim() ?? "";
    if (notation) return { move: notation };
    if (!this.draft.size) return null;
    /** @type {MoveFields} */
    const fields = { placements: this.placements() };
    if (this.draft.size === 1 && this.cursor) fields.across = this.cursor.across;
    return fields;
  }

  /**
   * A move as the player reads it: the notation typed, else the move the preview read,
   * else the tiles put down.
   * @param {MoveFields} fields
   */
  moveLabel(fields) {
    if ("move" in fields) return fields.move;
    if (this.verdict?.legal && this.verdict.move) return this.verdict.move;
    return fields.placements.map(([, tile]) => tile).join("");
  }

  askPreview() {
    const fields = this.moveFields();
    if (!fields || !this.active()) return;
    this.previewId = this.client.ask("preview", fields);
  }

  /**
   * The server's answer to a preview: shown if it is the last one asked.
   * @param {Protocol.topword.PreviewFrame} message
   */
  previewed(message) {
    if (message.id !== this.previewId) return;
    this.verdict = message.verdict;
    if (message.verdict.legal) this.client.unsay(); // the refusal before is stale
    document.getElementById("preview")?.replaceWith(this.previewLine());
  }

  // --- input: a tap on a cell, typed letters, tiles dragged from the rack ------------------

  /**
   * @param {number} cell
   * @param {MouseEvent} [event]
   */
  onCell(cell, event) {
    this.focusCell = cell;
    if (this.draft.has(cell)) {
      this.takeBack(cell);
      return;
    }
    if (this.cursor && this.cursor.cell === cell) this.cursor = { cell, across: !this.cursor.across };
    else this.cursor = { cell, across: this.cursor?.across ?? true };
    this.redraw();
    // a tap or a click: typed letters go to the hidden field (a phone keeps its keyboard);
    // Enter or Space on the cell: the focus stays on the board, for the arrow keys
    if (event?.detail) this.typeHere.focus({ preventScroll: true });
  }

  /** The board is one tab stop: the arrow keys move between its cells, a letter typed on a
   * cell puts a tile there (the cursor comes to the cell first).
   * @param {KeyboardEvent} event
   */
  onBoardKey(event) {
    const cell = /** @type {HTMLElement} */ (event.target).dataset?.cell;
    if (cell === undefined) return;
    const from = Number(cell);
    const to = arrowStep(from, event.key);
    if (to !== null) {
      this.focusCell = to;
      for (const el of this.boardBox.querySelectorAll("[data-cell]"))
        if (el instanceof HTMLElement) el.tabIndex = Number(el.dataset.cell) === to ? 0 : -1;
      /** @type {HTMLElement | null} */ (this.boardBox.querySelector(`[data-cell="${to}"]`))?.focus();
      event.preventDefault();
      event.stopPropagation();
    } else if (/^[a-zA-Z]$/.test(event.key) && this.cursor?.cell !== from) {
      this.cursor = { cell: from, across: this.cursor?.across ?? true };
    }
  }

  /** A typed letter: put the rack's tile on the cursor's cell (a letter the cell already
   * shows is kept, as the notation does), then move the cursor on.
   * @param {string} letter
   */
  typeLetter(letter) {
    if (!this.active() || !this.cursor) return;
    const { cell, across } = this.cursor;
    const label = letter === "Q" ? "Qu" : letter;
    if (!this.draft.has(cell) && this.board().tops[cell] === label) {
      this.cursor = { cell: step(cell, across) ?? cell, across };
      this.redraw();
      return;
    }
    const used = this.usedIndexes();
    const index = this.order.findIndex((tile, i) => tile === label && !used.has(i));
    if (index < 0) {
      this.client.say(refusalText("not_on_rack", { detail: label }));
      return;
    }
    this.draft.set(cell, { tile: label, index });
    this.cursor = { cell: step(cell, across) ?? cell, across };
    this.focusCell = this.cursor.cell;
    this.changed();
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    if (/** @type {Element} */ (event.target).tagName === "INPUT" && event.target !== this.typeHere) return;
    if (!this.cursor) return;
    const key = event.key;
    if (key === "Backspace") {
      const last = [...this.draft.keys()].at(-1);
      if (last !== undefined) {
        this.draft.delete(last);
        this.cursor = { cell: last, across: this.cursor.across };
        this.changed();
      }
      event.preventDefault();
    } else if (key === "Enter") {
      this.submit();
      event.preventDefault();
    } else if (key === "Escape") {
      this.clear();
      this.redraw();
    } else if (/^[a-zA-Z]$/.test(key)) {
      this.typeLetter(key.toUpperCase());
      event.preventDefault();
    }
  }

  /**
   * Drag a rack tile (mouse, pen or finger) to a cell, or along the rack to reorder it.
   * @param {PointerEvent} event
   * @param {number} index
   */
  startDrag(event, index) {
    if (event.button !== undefined && event.button !== 0) return;
    const tileEl = /** @type {HTMLElement} */ (event.currentTarget);
    // the board typed on may be scrolled away (a phone's keyboard): bring it back first
    if (this.boardBox.getBoundingClientRect().top < 0) this.boardBox.scrollIntoView({ block: "start" });
    const ghost = h("div", { class: "tile ghost", "aria-hidden": "true" }, this.order[index]);
    const startX = event.clientX;
    const startY = event.clientY;
    let moved = false;
    tileEl.setPointerCapture(event.pointerId);
    const move = (/** @type {PointerEvent} */ e) => {
      if (!moved && Math.hypot(e.clientX - startX, e.clientY - startY) < 6) return;
      if (!moved) document.body.append(ghost);
      moved = true;
      ghost.style.left = `${e.clientX}px`;
      ghost.style.top = `${e.clientY}px`;
    };
    const end = (/** @type {PointerEvent} */ e) => {
      tileEl.removeEventListener("pointermove", move);
      tileEl.removeEventListener("pointerup", end);
      tileEl.removeEventListener("pointercancel", end);
      ghost.remove();
      if (!moved) {
        this.tapTile(index);
        return;
      }
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const cellEl = /** @type {HTMLElement | null | undefined} */ (target?.closest("[data-cell]"));
      const rackEl = /** @type {HTMLElement | null | undefined} */ (target?.closest("[data-index]"));
      if (cellEl) this.placeTile(Number(cellEl.dataset.cell), index);
      else if (rackEl) this.reorder(index, Number(rackEl.dataset.index));
    };
    tileEl.addEventListener("pointermove", move);
    tileEl.addEventListener("pointerup", end);
    tileEl.addEventListener("pointercancel", end);
    event.preventDefault();
  }

  /** @param {number} index */
  tapTile(index) {
    if (this.pageTap(index)) return;
    if (this.cursor) {
      const cell = this.cursor.cell;
      this.placeTile(cell, index);
      this.cursor = { cell: step(cell, this.cursor.across) ?? cell, across: this.cursor.across };
      this.redraw();
    }
  }

  /**
   * @param {number} from
   * @param {number} to
   */
  reorder(from, to) {
    if (from === to) return;
    const byIndex = new Map([...this.draft.entries()].map(([cell, d]) => [d.index, cell]));
    const indexes = this.order.map((_, i) => i);
    const [taken] = indexes.splice(from, 1);
    indexes.splice(to, 0, taken);
    this.order = indexes.map((i) => this.order[i]);
    for (const [newIndex, oldIndex] of indexes.entries()) {
      const cell = byIndex.get(oldIndex);
      const placed = cell === undefined ? undefined : this.draft.get(cell);
      if (placed) placed.index = newIndex;
    }
    this.keepOrder();
    this.redraw();
  }

  shuffle() {
    const indexes = this.order.map((_, i) => i);
    for (let i = indexes.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [indexes[i], indexes[j]] = [indexes[j], indexes[i]];
    }
    const moved = new Map(indexes.map((oldIndex, newIndex) => [oldIndex, newIndex]));
    this.order = indexes.map((i) => this.order[i]);
    for (const d of this.draft.values()) d.index = /** @type {number} */ (moved.get(d.index));
    this.keepOrder();
    this.redraw();
  }

  keepOrder() {
    localStorage.setItem(this.storageKey, JSON.stringify(this.order));
  }

  /** Keep this player's arrangement of the rack when the server sends it again (a rack
   * that changed clears the draft).
   * @param {string[]} rack
   */
  syncRack(rack) {
    const left = [...rack];
    const kept = [];
    for (const tile of this.order) {
      const i = left.indexOf(tile);
      if (i >= 0) {
        kept.push(tile);
        left.splice(i, 1);
      }
    }
    const same = kept.length === this.order.length && left.length === 0;
    this.order = [...kept, ...left];
    this.keepOrder();
    if (!same) this.clear();
  }

  // --- drawing ----------------------------------------------------------------------------

  /** The board's options for `drawBoard`: the draft, the cursor, taps (when composing). */
  boardOptions() {
    const onCell = this.active()
      ? (/** @type {number} */ cell, /** @type {MouseEvent} */ event) => this.onCell(cell, event)
      : null;
    return { draft: this.draftTiles(), cursor: this.cursor, onCell, focusCell: this.focusCell };
  }

  /**
   * The rack's tiles, each draggable (`extra`: a class for every tile).
   * @param {string} extra
   */
  rackTiles(extra = "") {
    const used = this.usedIndexes();
    return this.order.map((tile, index) => {
      const classes = `tile${used.has(index) ? " used" : ""}${extra ? ` ${extra}` : ""}`;
      const el = h(
        "div",
        {
          class: classes,
          id: `rack-tile-${index}`,
          "data-index": index,
          role: "button",
          tabindex: 0,
          "aria-label": tile,
        },
        tile,
      );
      if (!used.has(index)) {
        el.addEventListener("pointerdown", (event) => this.startDrag(event, index));
        // a tile is a button: Enter and Space do what a tap does (on the cursor, an exchange)
        el.addEventListener("keydown", (event) => {
          if (event.key !== "Enter" && event.key !== " ") return;
          event.preventDefault();
          event.stopPropagation(); // not the document's Enter, which plays the move
          this.tapTile(index);
        });
      }
      return el;
    });
  }

  /** The notation field (`5E MAIN`): typed whole, previewed as it is typed, Enter plays. */
  notationField() {
    const notation = h("input", {
      id: "notation",
      autocomplete: "off",
      autocapitalize: "characters",
      spellcheck: "false",
      placeholder: "5E MAIN",
    });
    notation.addEventListener("input", () => {
      // no redraw: the field keeps the focus while the move is typed
      this.keepDraft();
      this.verdict = null;
      document.getElementById("preview")?.replaceWith(this.previewLine());
      this.schedulePreview();
    });
    notation.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.submit();
    });
    const old = /** @type {HTMLInputElement | null} */ (document.getElementById("notation"));
    if (old) {
      notation.value = old.value;
      if (document.activeElement === old) queueMicrotask(() => notation.focus());
    } else if (this.typedNotation) notation.value = this.typedNotation; // kept across a reload
    this.typedNotation = "";
    return h("p", { class: "field" }, h("label", { for: "notation" }, t("notation")), notation);
  }

  /** The referee's preview of the draft: its itemised score, or why not. */
  previewLine() {
    const verdict = this.verdict;
    if (!verdict) return h("div", { id: "preview", class: "verdict" });
    if (!verdict.legal) {
      // W5: a word the list refused may be contested (only a seated player composes)
      const contested = verdict.reason === "not_in_dictionary" && verdict.detail;
      return h(
        "div",
        { id: "preview", class: "verdict bad" },
        verdict.text ?? refusalText(verdict.reason ?? "", verdict),
        contested ? " " : null,
        contested ? contestControl(/** @type {string} */ (verdict.detail)) : null,
      );
    }
    return h(
      "div",
      { id: "preview", class: "verdict ok" },
      t("preview_legal", { move: verdict.move, points: verdict.points }),
      scoreList(verdict),
    );
  }
}
