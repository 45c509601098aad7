// One client model for every room page: the socket, the room's view folded from the
// events it is shown, and what every page does the same way (the welcome, the actions
// waiting for their answer, refusals, errors, presence, the connection's state).
// A page gives its kind's fold and its drawing. The whole room is asked for again only
// when the connection cannot fill a gap, or for an event this page cannot fold.
import { Connection } from "./connection.js";
import { DATA, errorText, postJSON, t } from "./common.js";

const live = document.getElementById("live");

/** Tell screen readers (the page's polite live region). */
export function announce(text) {
  live.textContent = "";
  setTimeout(() => (live.textContent = text), 30);
}

/** The events every room shares, folded into `view` (docs/protocol.md); false for the
 * kind's own. */
function foldShared(view, event) {
  const seat = view.seats.find((s) => s.seat === event.seat);
  switch (event.type) {
    case "room.seat_taken":
      if (seat) seat.present = true;
      else view.seats.push({ seat: event.seat, name: event.name, bot: event.level, present: true });
      view.host = event.host;
      return true;
    case "room.seat_left":
      if (seat) seat.present = false;
      view.host = event.host;
      return true;
    case "room.seat_removed": // P1: the host removed them, for good
      if (seat) seat.present = false;
      view.host = event.host;
      return true;
    case "room.ready_changed":
      if (seat) seat.ready = event.ready;
      return true;
    case "room.settings_changed":
      view.settings = event.settings;
      if (view.chat) view.chat.public = event.public;
      return true;
    case "room.chat_said": {
      if (!view.chat) return false; // a kind whose view has no chat: asked for again
      // the last messages only, as the view keeps them (docs/rules.md, C1)
      const { type, ...line } = event;
      view.chat.lines.push(line);
      view.chat.lines.splice(0, Math.max(0, view.chat.lines.length - DATA.chat.history));
      return true;
    }
    case "room.chat_switched":
      if (!view.chat) return false;
      view.chat.on = event.on;
      announce(t(event.on ? "chat_turned_on" : "chat_turned_off", { name: view.seats.find((s) => s.seat === event.seat)?.name ?? "" }));
      return true;
    default:
      return false;
  }
}

export class RoomClient {
  /**
   * `page`: fold(view, event, shared) → whether it folded the event (`shared`: the shared
   * fold did); draw(); and if it wants them: welcomed(view), answered(message, note),
   * refused(message, note) → whether it said it, presence(), online() when the socket is
   * back (after its hello), frame(message) for the kind's own frames. `status`: where the connection's state and refusals are said.
   */
  constructor(page, status) {
    this.page = page;
    this.status = status;
    this.storageKey = `motamot.seat.${DATA.room}`;
    this.view = null;
    this.me = null;
    this.presence = new Set(); // the seats with a page open (any server process)
    this.pending = new Map(); // request id → what the page noted of the action
    this.stale = false; // the whole room is asked for: events wait for it
    this.online = false; // this page's socket is open (else nobody's presence is known)
    const saved = DATA.watch ? null : JSON.parse(localStorage.getItem(this.storageKey) ?? "null");
    this.connection = this.connect(saved?.token ?? null);
  }

  /** Watching only: no seat here, and a link without the room's invitation (the watch
   * link). An invited friend not seated yet is asked to join, not told they watch. */
  get watching() {
    return this.dismissed || (this.me === null && (DATA.watch || DATA.room === DATA.watch_id));
  }

  nameOf(seat) {
    return this.view?.seats.find((s) => s.seat === seat)?.name ?? seat;
  }

  /** Server time now, in seconds (the referee's clock). */
  serverNow() {
    return this.connection.serverNow();
  }

  /** Send a seat action; `note` is kept for its answer (ack or refused; its own
   * `answered(message)` and `refused(message)`, if it has them, take it instead of the
   * page). Its id, or null when the socket is not open. */
  act(type, fields = {}, note = {}) {
    const id = this.connection.act(type, fields);
    if (id !== null) this.pending.set(id, note);
    return id;
  }

  /** Ask the room something that changes nothing (a move's preview, hints): its id. */
  ask(type, fields = {}) {
    return this.connection.act(type, fields);
  }

  /** Sit down as `name` (the seat's token kept in this browser); the error text, or null. */
  async join(name, saved = {}) {
    const { answer, error } = await postJSON(`/api/rooms/${DATA.room}/join`, { name });
    if (error) return error;
    localStorage.setItem(this.storageKey, JSON.stringify({ ...answer, ...saved }));
    this.reconnect(answer.token);
    return null;
  }

  reconnect(token) {
    this.connection.closed = true;
    this.connection.socket.close();
    this.connection = this.connect(token);
  }

  connect(token) {
    return new Connection(DATA.room, token, {
      welcome: (view, seat) => this.welcome(view, seat),
      events: (events) => this.fold(events),
      ack: (message) => this.answered(message),
      refused: (message) => this.refused(message),
      error: (message) => this.error(message),
      presence: (seats) => this.seePresence(seats),
      status: (up, code) => this.connected(up, code),
      frame: (message) => this.page.frame?.(message),
    });
  }

  welcome(view, seat) {
    this.view = view;
    this.me = seat;
    this.stale = false;
    this.page.welcomed?.(view);
    this.page.draw();
  }

  /** Fold events in order; one this page cannot fold (or `hidden`) asks for the room. */
  fold(events) {
    if (!this.view || this.stale) return;
    for (const event of events) {
      const shared = foldShared(this.view, event);
      if (!this.page.fold(this.view, event, shared) && !shared) {
        this.stale = true;
        this.connection.resync(0);
        return;
      }
      this.view.seq = event.seq;
    }
    this.page.draw();
  }

  answered(message) {
    const note = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (note?.answered) note.answered(message); // an action that says its own answer (the chat)
    else this.page.answered?.(message, note);
  }

  refused(message) {
    const note = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (note?.refused) return note.refused(message);
    if (this.page.refused?.(message, note)) return;
    this.say(message.text); // a refused host action, an action without a seat
    announce(message.text);
  }

  /** Say a refusal in the status line, until unsay() (the next good step) clears it. */
  say(text) {
    this.status.textContent = text;
    this.saying = true;
  }

  /** A refusal said is stale once the player did something that is fine. */
  unsay() {
    if (!this.saying) return;
    this.status.textContent = "";
    this.saying = false;
  }

  error(message) {
    this.status.textContent = message.text ?? errorText(message.code);
    if (message.code === "bad_token" || message.code === "removed") localStorage.removeItem(this.storageKey);
    if (message.code === "removed" || message.code === "banned") {
      // P1: the host removed this seat (or the operator banned the player): the page
      // stops, as a spectator's with no socket
      this.dismissed = true;
      this.me = null;
      announce(this.status.textContent);
      if (this.view) this.page.draw();
    }
  }

  seePresence(seats) {
    this.presence = new Set(seats);
    if (this.view) (this.page.presence ?? this.page.draw).call(this.page);
  }

  connected(up, code) {
    this.online = up;
    this.saying = false;
    if (!up) this.presence = new Set();
    if (this.view) (this.page.presence ?? this.page.draw).call(this.page);
    // the hello is sent: what the page kept while the socket was down may follow it
    if (up && this.view) this.page.online?.();
    if (up) this.status.textContent = "";
    else if (code === 4404) this.status.textContent = t("no_room");
    else if (code === 4409) this.status.textContent = t("seat_elsewhere");
    else if (code === 4410 || code === 4451) return; // the error frame before said why
    else if (code === 4403) {
      localStorage.removeItem(this.storageKey);
      this.connection = this.connect(null);
    } else this.status.textContent = t("reconnecting");
  }
}
