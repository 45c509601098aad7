// @ts-check
// A duplicate room's own part of the fold (the shared client folds the events every room
// shares first): the game, its turns, the standings (D6) and the sheet. A pure module (no
// page, no DOM): tests/js/fold.test.js folds the rooms' own event sequences with it and
// compares what it holds with the view the room would send
// (tests/service/duplicate/test_duplicate_fold.py holds the reference, step for step).

/** The Topword board's cells (10 × 10, topword/board.js). */
const CELLS = 100;

/**
 * D6 in whole numbers, as the server computes it: the tenth, halves up.
 * @param {number} total
 * @param {number} topTotal
 */
export function percent(total, topTotal) {
  return topTotal <= 0 ? 100 : Math.floor((2000 * total + topTotal) / (2 * topTotal)) / 10;
}

/**
 * D6: every person seated, best total first (then by seat), ties sharing a rank.
 * @param {Protocol.duplicate.View} view
 * @param {Record<string, number>} totals
 * @param {number} topTotal
 */
export function standings(view, totals, topTotal) {
  // D7: the arbiter and the players excluded are not ranked
  const outOfIt = new Set([view.arbiter, ...view.excluded]);
  const people = view.seats.filter((s) => !s.bot && !outOfIt.has(s.seat)).map((s) => s.seat);
  /** @type {[number, string][]} */
  const ordered = people.map((seat) => [totals[seat] ?? 0, seat]);
  ordered.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  /** @type {Protocol.duplicate.Standing[]} */
  const out = [];
  ordered.forEach(([total, seat], position) => {
    const last = out.at(-1);
    const rank = last && last.total === total ? last.rank : position + 1;
    out.push({ seat, total, gap: total - topTotal, percent: percent(total, topTotal), rank });
  });
  return out;
}

/**
 * A turn of the sheet: its rack (the one played), the top, who found it, my move.
 * @param {Protocol.duplicate.GameView} g
 * @param {Protocol.duplicate.TurnEndedShown} event
 * @param {string | null} me
 */
function sheetLine(g, event, me) {
  /** @type {Protocol.duplicate.SheetTurn} */
  const line = {
    number: event.number,
    rack: [...g.rack],
    top: event.top,
    top_points: event.top_points,
    found_by: event.found_by,
  };
  if (me !== null) {
    if (event.moves[me] !== undefined) line.move = event.moves[me];
    const score = event.scores.find((s) => s.seat === me);
    line.points = score ? score.points : 0;
    line.reason = score ? score.reason : "no_move";
    if (score?.detail) line.detail = score.detail;
    if (event.bonuses[me] !== undefined) line.bonus = event.bonuses[me];
  }
  return line;
}

/**
 * Fold one of a duplicate room's events into `view`; false for an event it does not fold.
 * @param {Protocol.duplicate.View} view
 * @param {Protocol.duplicate.Event} event
 */
export function foldDuplicate(view, event) {
  const g = view.game;
  switch (event.type) {
    case "duplicate.started":
      view.game = {
        turn: 0,
        rack: [],
        board: { position: "", tops: Array(CELLS).fill(""), heights: Array(CELLS).fill(0) },
        deadline: null,
        pile: 0,
        submitted: [],
        my_move: null,
        top_total: 0,
        finished: false,
        standings: standings(view, {}, 0),
        sheet: [],
        paused_left: null,
        next_at: null,
      };
      return true;
    case "duplicate.turn_started":
      if (!g) return false;
      Object.assign(g, {
        turn: event.number,
        rack: event.rack,
        deadline: event.deadline,
        pile: event.pile,
        submitted: [],
        my_move: null,
        paused_left: null,
        next_at: null,
      });
      return true;
    case "duplicate.submitted":
      if (!g) return false;
      g.submitted = [...new Set([...g.submitted, event.seat])].sort();
      if (event.seat === view.you && event.move !== undefined) g.my_move = event.move;
      return true;
    case "duplicate.turn_ended":
      if (!g) return false;
      g.sheet.push(sheetLine(g, event, view.you));
      Object.assign(g, {
        board: event.board,
        rack: event.rack,
        pile: event.pile,
        top_total: event.top_total,
        deadline: null,
        submitted: [],
        my_move: null,
        paused_left: null,
        next_at: event.next_at,
      });
      g.standings = standings(view, event.totals, event.top_total);
      return true;
    case "duplicate.ended":
      if (!g) return false;
      Object.assign(g, {
        finished: true,
        deadline: null,
        end_reason: event.reason,
        seed: event.seed,
        paused_left: null,
        next_at: null,
      });
      return true;
    default:
      return false; // D7: an arbiter's decision (rare): the page asks for the room again
  }
}
