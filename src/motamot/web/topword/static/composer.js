// The move a player composes on a Topword board, before it is played: rack tiles dragged
// to cells (mouse, pen or finger) or along the rack to reorder it, a tap on a cell then
// typed letters, the notation typed whole, and the referee's preview as it goes. Shared
// by the pages that take a move (a table, a duplicate game); each says what a move does.
import { announce } from "../client.js";
import { h, t } from "../common.js";
import { SIZE, arrowStep } from "./board.js";
import { refusalText, scoreList } from "./score.js";

/** The next cell along the word (null at the board's edge). */
function step(cell, across) {
  const row = Math.floor(cell / SIZE);
  const col = cell % SIZE;
  if (across) return col + 1 < SIZE ? cell + 1 : null;
  return row + 1 < SIZE ? cell + SIZE : null;
}

export class Composer {
  /**
   * client: the page's RoomClient; boardBox: the section the board is drawn in (its keys
   * are read there); typeHere: the hidden field a phone types into; storageKey: where this
   * player's arrangement of the rack is kept. Hooks: board() the board as it stands,
   * active() whether a move may be composed now, redraw() the page, submit() play the move,
   * tapTile(index) true when the page took a tap on a rack tile (an exchange).
   */
  constructor({ client, boardBox, typeHere, storageKey, board, active, redraw, submit, tapTile = () => false }) {
    Object.assign(this, { client, boardBox, typeHere, storageKey, board, active, redraw, submit, pageTap: tapTile });
    this.order = JSON.parse(localStorage.getItem(storageKey) ?? "[]"); // the rack as arranged (labels)
    this.focusCell = 44; // the board's one tab stop (5E until a cell is chosen)
    this.draft = new Map(); // cell → {tile, index in order}
    this.cursor = null; // {cell, across}
    this.verdict = null; // the last preview (for the current draft)
    this.previewId = 0;
    this.previewTimer = null;
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

  placeTile(cell, index) {
    if (!this.active() || this.usedIndexes().has(index)) return;
    if (this.board().heights[cell] >= 5) return;
    const previous = this.draft.get(cell);
    this.draft.set(cell, { tile: this.order[index], index });
    if (previous) announce(t("take_back"));
    this.changed();
  }

  takeBack(cell) {
    this.draft.delete(cell);
    this.changed();
  }

  clear() {
    this.draft.clear();
    this.cursor = null;
    this.verdict = null;
  }

  /** The draft and the notation typed, cleared once the move is sent. */
  reset() {
    const notation = document.getElementById("notation");
    if (notation) notation.value = "";
    this.clear();
  }

  placements() {
    return [...this.draft.entries()].sort((a, b) => a[0] - b[0]).map(([cell, d]) => [cell, d.tile]);
  }

  /** The draft on the board, by cell, for `drawBoard`. */
  draftTiles() {
    return new Map([...this.draft.entries()].map(([cell, d]) => [cell, d.tile]));
  }

  changed() {
    this.verdict = null;
    this.client.unsay(); // a refusal of the draft before is stale
    this.redraw();
    this.schedulePreview();
  }

  schedulePreview() {
    clearTimeout(this.previewTimer);
    this.previewTimer = setTimeout(() => this.askPreview(), 120);
  }

  /** The move as a message's fields: the notation typed, or the tiles put on cells. */
  moveFields() {
    const notation = document.getElementById("notation")?.value.trim() ?? "";
    if (notation) return { move: notation };
    if (!this.draft.size) return null;
    const fields = { placements: this.placements() };
    if (this.draft.size === 1 && this.cursor) fields.across = this.cursor.across;
    return fields;
  }

  askPreview() {
    const fields = this.moveFields();
    if (!fields || !this.active()) return;
    this.previewId = this.client.ask("preview", fields);
  }

  /** The server's answer to a preview: shown if it is the last one asked. */
  previewed(message) {
    if (message.id !== this.previewId) return;
    this.verdict = message.verdict;
    if (message.verdict.legal) this.client.unsay(); // the refusal before is stale
    document.getElementById("preview")?.replaceWith(this.previewLine());
  }

  // --- input: a tap on a cell, typed letters, tiles dragged from the rack ------------------

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
   * cell puts a tile there (the cursor comes to the cell first). */
  onBoardKey(event) {
    const cell = event.target.dataset?.cell;
    if (cell === undefined) return;
    const from = Number(cell);
    const to = arrowStep(from, event.key);
    if (to !== null) {
      this.focusCell = to;
      for (const el of this.boardBox.querySelectorAll("[data-cell]")) el.tabIndex = Number(el.dataset.cell) === to ? 0 : -1;
      this.boardBox.querySelector(`[data-cell="${to}"]`)?.focus();
      event.preventDefault();
      event.stopPropagation();
    } else if (/^[a-zA-Z]$/.test(event.key) && this.cursor?.cell !== from) {
      this.cursor = { cell: from, across: this.cursor?.across ?? true };
    }
  }

  /** A typed letter: put the rack's tile on the cursor's cell (a letter the cell already
   * shows is kept, as the notation does), then move the cursor on. */
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

  onKey(event) {
    if (event.target.tagName === "INPUT" && event.target !== this.typeHere) return;
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

  /** Drag a rack tile (mouse, pen or finger) to a cell, or along the rack to reorder it. */
  startDrag(event, index) {
    if (event.button !== undefined && event.button !== 0) return;
    const tileEl = event.currentTarget;
    // the board typed on may be scrolled away (a phone's keyboard): bring it back first
    if (this.boardBox.getBoundingClientRect().top < 0) this.boardBox.scrollIntoView({ block: "start" });
    const ghost = h("div", { class: "tile ghost", "aria-hidden": "true" }, this.order[index]);
    const startX = event.clientX;
    const startY = event.clientY;
    let moved = false;
    tileEl.setPointerCapture(event.pointerId);
    const move = (e) => {
      if (!moved && Math.hypot(e.clientX - startX, e.clientY - startY) < 6) return;
      if (!moved) document.body.append(ghost);
      moved = true;
      ghost.style.left = `${e.clientX}px`;
      ghost.style.top = `${e.clientY}px`;
    };
    const end = (e) => {
      tileEl.removeEventListener("pointermove", move);
      tileEl.removeEventListener("pointerup", end);
      tileEl.removeEventListener("pointercancel", end);
      ghost.remove();
      if (!moved) {
        this.tapTile(index);
        return;
      }
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const cellEl = target?.closest("[data-cell]");
      const rackEl = target?.closest("[data-index]");
      if (cellEl) this.placeTile(Number(cellEl.dataset.cell), index);
      else if (rackEl) this.reorder(index, Number(rackEl.dataset.index));
    };
    tileEl.addEventListener("pointermove", move);
    tileEl.addEventListener("pointerup", end);
    tileEl.addEventListener("pointercancel", end);
    event.preventDefault();
  }

  tapTile(index) {
    if (this.pageTap(index)) return;
    if (this.cursor) {
      const cell = this.cursor.cell;
      this.placeTile(cell, index);
      this.cursor = { cell: step(cell, this.cursor.across) ?? cell, across: this.cursor.across };
      this.redraw();
    }
  }

  reorder(from, to) {
    if (from === to) return;
    const byIndex = new Map([...this.draft.entries()].map(([cell, d]) => [d.index, cell]));
    const indexes = this.order.map((_, i) => i);
    const [taken] = indexes.splice(from, 1);
    indexes.splice(to, 0, taken);
    this.order = indexes.map((i) => this.order[i]);
    for (const [newIndex, oldIndex] of indexes.entries()) {
      const cell = byIndex.get(oldIndex);
      if (cell !== undefined) this.draft.get(cell).index = newIndex;
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
    for (const d of this.draft.values()) d.index = moved.get(d.index);
    this.keepOrder();
    this.redraw();
  }

  keepOrder() {
    localStorage.setItem(this.storageKey, JSON.stringify(this.order));
  }

  /** Keep this player's arrangement of the rack when the server sends it again (a rack
   * that changed clears the draft). */
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
    const onCell = this.active() ? (cell, event) => this.onCell(cell, event) : null;
    return { draft: this.draftTiles(), cursor: this.cursor, onCell, focusCell: this.focusCell };
  }

  /** The rack's tiles, each draggable (`extra`: a class for every tile). */
  rackTiles(extra = "") {
    const used = this.usedIndexes();
    return this.order.map((tile, index) => {
      const classes = `tile${used.has(index) ? " used" : ""}${extra ? ` ${extra}` : ""}`;
      const el = h("div", { class: classes, "data-index": index, role: "button", tabindex: 0, "aria-label": tile }, tile);
      if (!used.has(index)) el.addEventListener("pointerdown", (event) => this.startDrag(event, index));
      return el;
    });
  }

  /** The notation field (`5E MAIN`): typed whole, previewed as it is typed, Enter plays. */
  notationField() {
    const notation = h("input", { id: "notation", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", placeholder: "5E MAIN" });
    notation.addEventListener("input", () => {
      // no redraw: the field keeps the focus while the move is typed
      this.verdict = null;
      document.getElementById("preview")?.replaceWith(this.previewLine());
      this.schedulePreview();
    });
    notation.addEventListener("keydown", (event) => {
      if (event.key === "Enter") this.submit();
    });
    const old = document.getElementById("notation");
    if (old) {
      notation.value = old.value;
      if (document.activeElement === old) queueMicrotask(() => notation.focus());
    }
    return h("p", { class: "field" }, h("label", { for: "notation" }, t("notation")), notation);
  }

  /** The referee's preview of the draft: its itemised score, or why not. */
  previewLine() {
    const verdict = this.verdict;
    if (!verdict) return h("div", { id: "preview", class: "verdict" });
    if (!verdict.legal) return h("div", { id: "preview", class: "verdict bad" }, verdict.text ?? refusalText(verdict.reason, verdict));
    return h("div", { id: "preview", class: "verdict ok" }, t("preview_legal", { move: verdict.move, points: verdict.points }), scoreList(verdict));
  }
}
