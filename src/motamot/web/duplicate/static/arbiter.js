// @ts-check
// D7, D8 on the duplicate page: the arbiter's panel (the clock, time added, the turn played
// again, slips entered, corrections, exclusions, players on paper, the end), the stopped
// clock and the pause between turns as every screen says them, and the arbiter's
// decisions in the match sheet. The decisions are rare: the page asks for the room again
// after each (fold.js folds none of them).
import { h, nameEl, t, tNodes } from "../common.js";

/** @typedef {Protocol.duplicate.View} View */
/** @typedef {Protocol.duplicate.GameView} Game */
/** @typedef {(type: string, fields?: Record<string, unknown>) => unknown} Act */

// The time the arbiter adds at once, in seconds.
const ADDED = [30, 60];
// What the arbiter typed in the panel, by field: a redraw (any event) keeps it.
/** @type {Record<string, string>} */
const drafts = {};

/** @param {number} seconds */
export function clockTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The clock line of a live turn, a stopped clock or the pause between two turns (null:
 * self-paced, nothing to count).
 * @param {Game} g
 * @param {number} now the server's time
 */
export function clockLine(g, now) {
  if (g.paused_left !== null) {
    return h(
      "p",
      { class: "clock paused", id: "clock", role: "timer" },
      t("dup_paused", { time: clockTime(g.paused_left) }),
    );
  }
  if (g.next_at !== null) {
    return h(
      "p",
      { class: "clock between", id: "clock", role: "timer" },
      t("dup_next_in", { time: clockTime(g.next_at - now) }),
    );
  }
  if (g.deadline === null) return null;
  const left = g.deadline - now;
  return h(
    "p",
    { class: `clock${left <= 10 ? " urgent" : ""}`, id: "clock", role: "timer" },
    t("dup_time_left", { time: clockTime(left) }),
  );
}

/**
 * Who plays and is ranked: not the arbiter, nobody excluded.
 * @param {View} view
 */
export function players(view) {
  const out = new Set([view.arbiter, ...view.excluded]);
  return view.seats.filter((s) => !s.bot && !out.has(s.seat));
}

/**
 * The badges of a seat besides the shared ones: arbiter, on paper, excluded.
 * @param {View} view
 * @param {string} seat
 */
export function badges(view, seat) {
  return [
    seat === view.arbiter ? t("dup_arbiter") : null,
    view.paper.includes(seat) ? t("dup_paper") : null,
    view.excluded.includes(seat) ? t("dup_excluded") : null,
  ];
}

/**
 * @param {string} id
 * @param {string} label
 * @param {Record<string, unknown>} attrs
 */
function field(id, label, attrs = {}) {
  const input = /** @type {HTMLInputElement} */ (h("input", { id, ...attrs, value: drafts[id] ?? attrs.value ?? "" }));
  input.addEventListener("input", () => {
    drafts[id] = input.value;
  });
  return h("p", { class: "field" }, h("label", { for: id }, label), input);
}

/**
 * A list of the players to choose one from.
 * @param {string} id
 * @param {View} view
 * @param {(seat: string) => string} nameOf
 * @param {boolean} all the excluded too
 */
function playerChoice(id, view, nameOf, all = false) {
  const seats = view.seats.filter((s) => !s.bot && s.seat !== view.arbiter && (all || !view.excluded.includes(s.seat)));
  const options = seats.map((s) => h("option", { value: s.seat, selected: drafts[id] === s.seat }, nameOf(s.seat)));
  const select = /** @type {HTMLSelectElement} */ (h("select", { id }, options));
  select.addEventListener("change", () => {
    drafts[id] = select.value;
  });
  return h("p", { class: "field" }, h("label", { for: id }, t("dup_slip_player")), select);
}

/** @param {string} id */
function value(id) {
  return /** @type {HTMLInputElement | null} */ (document.getElementById(id))?.value.trim() ?? "";
}

/**
 * A small form whose submit sends one decision (its fields read when it is sent).
 * @param {string} id
 * @param {string} title
 * @param {Node[]} fields
 * @param {string} button
 * @param {() => void} send
 */
function decisionForm(id, title, fields, button, send) {
  const form = h(
    "form",
    { id, class: "arbiter-form" },
    h("h3", {}, title),
    ...fields,
    h("button", { type: "submit" }, button),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send();
  });
  return form;
}

/**
 * Before the game: the players on paper the arbiter seats.
 * @param {Act} act
 */
export function paperForm(act) {
  return decisionForm(
    "paper-form",
    t("dup_paper_name"),
    [field("paper-name", t("dup_paper_name"), { autocomplete: "off", maxlength: 40 })],
    t("dup_paper_add"),
    () => act("arbiter_seat_paper", { name: value("paper-name") }),
  );
}

/**
 * The arbiter's panel during the game.
 * @param {View} view
 * @param {Game} g
 * @param {Act} act
 * @param {(seat: string) => string} nameOf
 * @param {{ confirmEnd: boolean, redraw: () => void }} state
 */
export function arbiterPanel(view, g, act, nameOf, state) {
  /** @param {string} type @param {Record<string, unknown>} fields */
  const decide = (type, fields = {}) => {
    const reason = value("arbiter-reason");
    delete drafts["arbiter-reason"]; // said once: the next decision has its own
    return act(type, { ...fields, reason });
  };
  const running = !g.finished && g.next_at === null;
  /** @type {(Node | null)[]} */
  const parts = [h("h2", {}, t("dup_arbiter_title")), field("arbiter-reason", t("dup_reason"), { maxlength: 200 })];
  if (running && (g.deadline !== null || g.paused_left !== null)) {
    const clock = g.paused_left === null ? ["arbiter_pause", "dup_pause"] : ["arbiter_resume", "dup_resume"];
    const buttons = [
      h("button", { type: "button", id: "arbiter-clock", onclick: () => decide(clock[0]) }, t(clock[1])),
    ];
    for (const seconds of ADDED) {
      const add = () => decide("arbiter_add_time", { seconds });
      buttons.push(
        h("button", { type: "button", id: `arbiter-add-${seconds}`, onclick: add }, t("dup_add_time", { seconds })),
      );
    }
    parts.push(h("p", { class: "row" }, buttons));
  }
  if (running) {
    parts.push(
      h(
        "p",
        { class: "row" },
        h(
          "button",
          { type: "button", id: "arbiter-cancel", onclick: () => decide("arbiter_cancel_turn") },
          t("dup_cancel_turn"),
        ),
      ),
    );
    const slip = () => {
      const move = value("slip-move");
      delete drafts["slip-move"];
      decide("arbiter_enter_move", { seat: value("slip-seat"), move, turn: g.turn });
    };
    parts.push(
      decisionForm(
        "slip-form",
        t("dup_slip_title"),
        [
          playerChoice("slip-seat", view, nameOf),
          field("slip-move", t("dup_slip_move"), { autocomplete: "off", autocapitalize: "characters" }),
        ],
        t("dup_slip_enter"),
        slip,
      ),
    );
  }
  if (!g.finished && g.next_at !== null) {
    // D7: in the pause, the turn just played may be taken back and played again
    const replay = () => decide("arbiter_cancel_turn");
    const button = h("button", { type: "button", id: "arbiter-replay", onclick: replay }, t("dup_replay_turn"));
    parts.push(h("p", { class: "row" }, button));
  }
  if (!g.finished && g.sheet.length) {
    const correct = () =>
      decide("arbiter_correct", {
        seat: value("correct-seat"),
        turn: Number.parseInt(value("correct-turn"), 10),
        points: Number.parseInt(value("correct-points"), 10),
      });
    parts.push(
      decisionForm(
        "correct-form",
        t("dup_correct_title"),
        [
          playerChoice("correct-seat", view, nameOf, true),
          field("correct-turn", t("dup_correct_turn"), {
            type: "number",
            min: 1,
            max: g.sheet.length,
            value: g.sheet.length,
          }),
          field("correct-points", t("dup_correct_points"), { type: "number", min: 0, max: 10000 }),
        ],
        t("dup_correct_do"),
        correct,
      ),
    );
  }
  if (!g.finished) parts.push(exclusions(view, decide, nameOf), endButton(decide, state));
  return h("section", { class: "card arbiter", id: "arbiter" }, parts);
}

/**
 * Exclude a player, or reinstate one excluded.
 * @param {View} view
 * @param {(type: string, fields?: Record<string, unknown>) => unknown} decide
 * @param {(seat: string) => string} nameOf
 */
function exclusions(view, decide, nameOf) {
  const seats = view.seats.filter((s) => !s.bot && s.seat !== view.arbiter);
  const rows = seats.map((s) => {
    const out = view.excluded.includes(s.seat);
    const type = out ? "arbiter_reinstate" : "arbiter_exclude";
    return h(
      "li",
      { "data-seat": s.seat },
      nameEl(nameOf(s.seat)),
      " ",
      h(
        "button",
        { type: "button", class: "small", onclick: () => decide(type, { seat: s.seat }) },
        t(out ? "dup_reinstate" : "dup_exclude"),
      ),
    );
  });
  return h(
    "details",
    { id: "exclusions" },
    h("summary", {}, `${t("dup_exclude")} / ${t("dup_reinstate")}`),
    h("ul", { class: "plain" }, rows),
  );
}

/**
 * « Terminer la partie », confirmed by a second button.
 * @param {(type: string, fields?: Record<string, unknown>) => unknown} decide
 * @param {{ confirmEnd: boolean, redraw: () => void }} state
 */
function endButton(decide, state) {
  if (!state.confirmEnd) {
    const ask = () => {
      state.confirmEnd = true;
      state.redraw();
    };
    return h(
      "p",
      { class: "row" },
      h("button", { type: "button", id: "arbiter-end", onclick: ask }, t("dup_end_game")),
    );
  }
  const end = () => {
    state.confirmEnd = false;
    decide("arbiter_end_game");
  };
  return h(
    "p",
    { class: "row confirm" },
    h("span", {}, t("dup_end_confirm")),
    " ",
    h("button", { type: "button", class: "danger", id: "arbiter-end-sure", onclick: end }, t("dup_end_game")),
  );
}

/**
 * A decision in words (its turn and reason are columns of their own).
 * @param {Protocol.duplicate.Decision} d
 * @param {(seat: string) => string} nameOf
 */
function decisionText(d, nameOf) {
  const name = nameEl(d.seat ? nameOf(d.seat) : "");
  return tNodes(`dup_decision.${d.what}`, { name, seconds: d.seconds ?? 0, was: d.was ?? 0, points: d.points ?? 0 });
}

/**
 * The arbiter's decisions, in the match sheet (null: none).
 * @param {View} view
 * @param {(seat: string) => string} nameOf
 */
export function decisionsBlock(view, nameOf) {
  if (!view.decisions.length) return null;
  const labels = [t("col.turn"), t("col.decision"), t("col.reason")];
  const rows = view.decisions.map((d) =>
    h(
      "tr",
      {},
      h("td", {}, d.turn ? String(d.turn) : "—"),
      h("td", {}, ...decisionText(d, nameOf)),
      h("td", {}, d.reason || "—"),
    ),
  );
  return tableCard("decisions", t("dup_decisions"), labels, rows);
}

/**
 * A card holding a table that scrolls on its own when wider than the screen (the match
 * sheet, the decisions): its title names the scrolling region.
 * @param {string} id
 * @param {string} title
 * @param {string[]} labels
 * @param {HTMLElement[]} rows
 */
export function tableCard(id, title, labels, rows) {
  const head = h(
    "thead",
    {},
    h(
      "tr",
      {},
      labels.map((text) => h("th", { scope: "col" }, text)),
    ),
  );
  const table = h("table", { class: "sheet-table" }, head, h("tbody", {}, rows));
  const region = { class: "scroll", tabindex: 0, role: "region", "aria-label": title };
  return h("section", { class: "card", id }, h("h2", {}, title), h("div", region, table));
}
