// @ts-check
// The events every room shares, folded into the view a page holds (docs/protocol.md): the
// shared client's part of every page's fold, before the kind's own. A pure module (no
// page, no DOM): tests/js/fold.test.js folds the rooms' own event sequences with it and
// compares what it holds with the view the room would send
// (tests/service/test_shown_fold.py holds the reference).

/** @typedef {Protocol.SeatView & { ready?: boolean }} Seat a seat of a view (some kinds' say who is ready) */
/**
 * What every room's view has (the kind's view has more).
 * @typedef {{ seq: number, host: string | null, settings: unknown, seats: Seat[], chat?: Protocol.ChatView }} SharedView
 */
/** @typedef {{ type: string, seq: number }} RoomEvent any event of a room, as shown */
/**
 * @typedef {Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown
 *   | Protocol.ReadyChangedShown | Protocol.SettingsChangedShown<unknown> | Protocol.ChatSaidShown
 *   | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown} SharedEvent the shared events a page folds (the others ask for the room again)
 */

/**
 * Fold one of the events every room shares into `view`; false for the kind's own.
 * @param {SharedView} view
 * @param {RoomEvent} shown
 * @param {number} history the chat's last messages a view keeps (docs/rules.md, C1)
 */
export function foldShared(view, shown, history) {
  const event = /** @type {SharedEvent} */ (shown);
  /** @param {string} name */
  const seatOf = (name) => view.seats.find((s) => s.seat === name);
  switch (event.type) {
    case "room.seat_taken": {
      const seat = seatOf(event.seat);
      if (seat) seat.present = true;
      else view.seats.push({ seat: event.seat, name: event.name, bot: event.level, present: true });
      view.host = event.host;
      return true;
    }
    case "room.seat_left":
    case "room.seat_removed": {
      // P1: the host removed them, for good
      const seat = seatOf(event.seat);
      if (seat) seat.present = false;
      view.host = event.host;
      return true;
    }
    case "room.ready_changed": {
      const seat = seatOf(event.seat);
      if (seat) seat.ready = event.ready;
      return true;
    }
    case "room.settings_changed":
      view.settings = event.settings;
      if (view.chat) view.chat.public = event.public;
      return true;
    case "room.chat_said": {
      if (!view.chat) return false; // a kind whose view has no chat: asked for again
      // the last messages only, as the view keeps them (docs/rules.md, C1)
      const { type, ...line } = event;
      view.chat.lines.push(line);
      view.chat.lines.splice(0, Math.max(0, view.chat.lines.length - history));
      return true;
    }
    case "room.chat_switched":
      if (!view.chat) return false;
      view.chat.on = event.on;
      return true;
    case "room.chat_removed": {
      if (!view.chat) return false;
      // the operator removed it: its words go, the line says so (a line no longer kept: nothing)
      const line = view.chat.lines.find((one) => one.seq === event.said);
      if (line) {
        delete line.text;
        delete line.phrase;
        line.removed = true;
      }
      return true;
    }
    case "room.closed":
      return true; // the socket is closed next, and says why
    default:
      return false;
  }
}
