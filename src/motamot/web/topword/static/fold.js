// @ts-check
// A Topword table's own part of the fold (the shared client folds the events every room
// shares first): the game, its turns, the board and this seat's rack. A pure module (no
// page, no DOM): tests/js/fold.test.js folds the rooms' own event sequences with it and
// compares what it holds with the view the room would send
// (tests/service/test_shown_fold.py, `fold_topword`, holds the reference).

/** Each turn's event, by the action the turn records. */
export const TURNS = /** @type {const} */ ({
  "topword.played": "play",
  "topword.exchanged": "exchange",
  "topword.passed": "pass",
  "topword.resigned": "resign",
});

/**
 * Fold one of a Topword table's events into `view`; false for an event it does not fold.
 * @param {Protocol.topword.View} view
 * @param {Protocol.topword.Event} event
 */
export function foldTopword(view, event) {
  const g = view.game;
  switch (event.type) {
    case "topword.game_started": {
      const { type, seq, at, seed, rack, ...started } = event; // the order, the board, the pile...
      view.game = {
        ...started,
        turn: 1,
        scores: Object.fromEntries(event.order.map((seat) => [seat, 0])),
        turns: [],
        finished: false,
      };
      if (rack) view.game.rack = rack;
      return true;
    }
    case "topword.played":
    case "topword.exchanged":
    case "topword.passed":
    case "topword.resigned": {
      if (!g) return false;
      /** @type {Protocol.topword.TurnView} */
      const turn = {
        seat: event.seat,
        action: TURNS[event.type],
        points: "points" in event ? event.points : 0,
        total: event.total,
      };
      if ("move" in event) turn.move = event.move;
      if ("score" in event && event.score !== undefined) turn.score = event.score;
      if ("tile" in event && event.tile !== undefined) turn.tile = event.tile;
      if ("timed_out" in event && event.timed_out) turn.timed_out = true;
      g.turns.push(turn);
      g.turn = g.turns.length + 1;
      g.scores[event.seat] = event.total;
      Object.assign(g, {
        current: event.current,
        turn_deadline: event.turn_deadline,
        pile: event.pile,
        rack_sizes: event.rack_sizes,
      });
      for (const { cell, tile, height } of "tiles" in event ? event.tiles : []) {
        g.board.tops[cell] = tile;
        g.board.heights[cell] = height;
      }
      if (event.rack) g.rack = event.rack;
      return true;
    }
    case "topword.game_ended": {
      if (!g) return false;
      const { reason, winners, final_scores, penalties, seed, racks, turns } = event;
      Object.assign(g, { current: null, turn_deadline: null, finished: true, end_reason: reason });
      Object.assign(g, { winners, final_scores, penalties, seed, racks, turns });
      return true;
    }
    case "topword.rematch_offered":
      view.rematch = event.link;
      return true;
    default:
      return false;
  }
}
