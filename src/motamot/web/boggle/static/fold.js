// @ts-check
// A Boggle room's own part of the fold (the shared client folds the events every room
// shares first): the rounds, the words, the match. A pure module (no page, no DOM):
// tests/js/fold.test.js folds the rooms' own event sequences with it and compares what it
// holds with the view the room would send (tests/service/test_shown_fold.py, `fold_boggle`,
// holds the reference).

/** A word that counts for now (the others see how many): accepted, or written when the
 * dictionary is checked at the end. */
export const STANDING = ["accepted", "written"];

/**
 * Fold one of a Boggle room's events into `view` (each event that changes the match
 * carries it as it stands); false for an event it does not fold.
 * @param {Protocol.boggle.View} view
 * @param {Protocol.boggle.Event} event
 */
export function foldBoggle(view, event) {
  if ("match" in event) view.match = event.match;
  const round = view.round;
  switch (event.type) {
    case "room.seat_taken":
    case "room.seat_left":
      for (const seat of view.seats) {
        seat.ready ??= false;
        seat.paper ??= false;
        if (seat.seat === event.seat && event.type === "room.seat_left") seat.ready = false;
        // B17: a seat without a phone, whose list the scorer types
        if (seat.seat === event.seat && event.type === "room.seat_taken") seat.paper = event.paper ?? false;
      }
      return true;
    case "boggle.round_started":
      view.round = {
        number: event.number,
        grid: event.grid,
        start: event.start,
        deadline: event.deadline,
        running: true,
        players: [...event.players],
        counts: Object.fromEntries(event.players.map((seat) => [seat, 0])),
      };
      for (const seat of view.seats) if (event.players.includes(seat.seat)) seat.ready = false;
      return true;
    case "boggle.word_written":
      if (!round) return false;
      if (!round.players.includes(event.seat)) round.players.push(event.seat);
      if (event.feedback !== undefined) {
        // the writer's own word, with its verdict (its text, time and verdict come together)
        const { type, seq, seat, ...word } = event;
        round.words = [...(round.words ?? []), /** @type {Protocol.boggle.OwnWord} */ (word)];
        round.counts[seat] = round.words.filter((w) => STANDING.includes(w.feedback)).length;
      } else round.counts[event.seat] = event.count ?? (round.counts[event.seat] ?? 0) + 1;
      return true;
    case "boggle.round_ended":
      if (!round) return false;
      Object.assign(round, { running: false, ended_at: event.at, stopped: event.stopped, result: event.result });
      return true;
    case "boggle.match_ended":
    case "boggle.match_reset":
      return true;
    default:
      return false;
  }
}
