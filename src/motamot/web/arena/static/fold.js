// @ts-check
// An arena round's events, folded into the view its page holds: the round's start, this
// seat's words with their verdicts, the end with its results. The seat events (its own
// seat taken) change nothing the page draws. A pure module (no page, no DOM):
// tests/js/fold.test.js folds the rooms' own event sequences with it and compares what it
// holds with the view the room would send (tests/service/arena/test_arena_fold.py holds the
// reference; the counts of the people in the round come by `arena.activity`, not folded).

/**
 * Fold one of an arena round's events into `view`; false for an event it does not fold.
 * @param {Protocol.arena.View} view
 * @param {Protocol.arena.Event} event
 */
export function foldArena(view, event) {
  switch (event.type) {
    case "arena.round_started":
      Object.assign(view, { phase: "running", grid: event.grid, deadline: event.deadline });
      if (view.you !== null) view.words ??= []; // a spectator's view has no words
      return true;
    case "arena.word_written": {
      const { type, seq, ...word } = event;
      view.words = [...(view.words ?? []), word];
      return true;
    }
    case "arena.round_ended":
      Object.assign(view, { phase: "ended", result: event.result, next_start: event.next_start });
      return true;
    default:
      return false;
  }
}
