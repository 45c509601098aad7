// @ts-check
// One client model for every room page: the socket, the room's view folded from the
// events it is shown, and what every page does the same way (the welcome, the actions
// waiting for their answer, refusals, errors, presence, the connection's state).
// A page gives its kind's fold and its drawing. The whole room is asked for again only
// when the connection cannot fill a gap, or for an event this page cannot fold.
import { Connection } from "./connection.js";
import { DATA, errorText, postJSON, t } from "./common.js";
import { foldShared } from "./fold.js";
import { Outbox } from "./outbox.js";

/** @typedef {import("./fold.js").SharedView} SharedView */
/** @typedef {import("./fold.js").RoomEvent} RoomEvent */
/**
 * What a page noted of an action, for its answer (an action that says its own answer
 * gives `answered` and `refused`).
 * @typedef {{ answered?: (message: Protocol.Acked<RoomEvent>) => void, refused?: (message: Protocol.Refused) => void,
 *   [key: string]: unknown }} Note
 */
/**
 * What the room's shared panels (the chat, a seat's controls, the public line) read of
 * the client, whatever the kind.
 * @typedef {object} Client
 * @property {SharedView | null} view
 * @property {string | null} me
 * @property {boolean} [dismissed]
 * @property {{ draw(): void }} page
 * @property {(seat: string) => string} nameOf
 * @property {(type: string, fields?: Record<string, unknown>, note?: Note) => number | null} act
 */
/**
 * What a page gives the client, for a kind whose view is `V` and whose events are `E`.
 * @template V, E
 * @typedef {object} Page
 * @property {(view: V, event: E, shared: boolean) => boolean} fold whether it folded the event (`shared`: the shared fold did)
 * @property {() => void} draw
 * @property {(view: V) => void} [welcomed]
 * @property {(message: Protocol.Acked<E>, note: Note | undefined) => void} [answered]
 * @property {(message: Protocol.Refused, note: Note | undefined) => boolean} [refused] whether it said it
 * @property {() => void} [presence]
 * @property {() => void} [online] when the socket is back (after its hello)
 * @property {() => void} [pending] what the player did that the server has not answered
 *   changed (`send`; without it, `draw`)
 * @property {(message: { type: string }) => void} [frame] the kind's own frames
 */

const live = /** @type {HTMLElement} */ (document.getElementById("live"));

/**
 * Tell screen readers (the page's polite live region).
 * @param {string} text
 */
export function announce(text) {
  live.textContent = "";
  setTimeout(() => (live.textContent = text), 30);
}

/**
 * What a page says aloud of the shared events it folded (the host's chat switch).
 * @param {SharedView} view
 * @param {RoomEvent} shown
 */
function announceShared(view, shown) {
  if (shown.type !== "room.chat_switched") return;
  const event = /** @type {Protocol.ChatSwitchedShown} */ (shown);
  announce(
    t(event.on ? "chat_turned_on" : "chat_turned_off", {
      name: view.seats.find((s) => s.seat === event.seat)?.name ?? "",
    }),
  );
}

/**
 * @template {SharedView} V
 * @template {RoomEvent} E
 */
export class RoomClient {
  /**
   * `page`: fold(view, event, shared) → whether it folded the event (`shared`: the shared
   * fold did); draw(); and if it wants them: welcomed(view), answered(message, note),
   * refused(message, note) → whether it said it, presence(), online() when the socket is
   * back (after its hello), frame(message) for the kind's own frames. `status`: where the connection's state and refusals are said.
   * @param {Page<V, E>} page
   * @param {HTMLElement} status
   */
  constructor(page, status) {
    this.page = page;
    this.status = status;
    this.storageKey = `motamot.seat.${DATA.room}`;
    /** @type {V | null} */
    this.view = null;
    /** @type {string | null} */
    this.me = null;
    /** @type {Set<string>} */
    this.presence = new Set(); // the seats with a page open (any server process)
    /** @type {Map<number, Note>} */
    this.pending = new Map(); // request id → what the page noted of the action
    // what the player did (words, moves) until the server answers it (`send`)
    this.outbox = new Outbox(
      (entry) => this.connection.act(entry.type, { ...entry.fields, key: entry.key }),
      () => {
        if (this.view) (this.page.pending ?? this.page.draw).call(this.page);
      },
    );
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

  /** @param {string} seat */
  nameOf(seat) {
    return this.view?.seats.find((s) => s.seat === seat)?.name ?? seat;
  }

  /** Server time now, in seconds (the referee's clock). */
  serverNow() {
    return this.connection.serverNow();
  }

  /** Send a seat action; `note` is kept for its answer (ack or refused; its own
   * `answered(message)` and `refused(message)`, if it has them, take it instead of the
   * page). Its id, or null when the socket is not open.
   * @param {string} type
   * @param {Record<string, unknown>} fields
   * @param {Note} note
   */
  act(type, fields = {}, note = {}) {
    const id = this.connection.act(type, fields);
    if (id !== null) this.pending.set(id, note);
    return id;
  }

  /**
   * An action the player did that the page owns until its answer (a word, a move): shown
   * « en attente » (`waiting()`), kept over a reload, sent again with its key until it is
   * acknowledged or refused (then `answered(message, meta)` or `refused(message, meta)`).
   * @param {string} type
   * @param {Record<string, unknown>} fields
   * @param {Record<string, unknown>} meta what the page shows of it (the word, the move)
   */
  send(type, fields = {}, meta = {}) {
    if (this.me === null) return null;
    return this.outbox.add(type, fields, meta);
  }

  /** What the player did that the server has not answered yet, in order (`send`). */
  waiting() {
    return this.outbox.entries;
  }

  /**
   * Ask the room something that changes nothing (a move's preview, hints): its id.
   * @param {string} type
   * @param {Record<string, unknown>} fields
   */
  ask(type, fields = {}) {
    return this.connection.act(type, fields);
  }

  /**
   * Sit down as `name` (the seat's token kept in this browser); the error text, or null.
   * @param {string} name
   * @param {Record<string, unknown>} saved
   */
  async join(name, saved = {}) {
    const { answer, error } = await postJSON(`/api/rooms/${DATA.room}/join`, { name });
    if (error) return error;
    localStorage.setItem(this.storageKey, JSON.stringify({ ...answer, ...saved }));
    this.reconnect(answer.token);
    return null;
  }

  /** @param {string} token */
  reconnect(token) {
    this.connection.close();
    this.connection = this.connect(token);
  }

  /**
   * @param {string | null} token
   * @returns {Connection<V, E>}
   */
  connect(token) {
    return new Connection(DATA.room, token, {
      welcome: (view, seat) => this.welcome(view, seat),
      events: (events) => this.fold(events),
      ack: (message) => this.answered(message),
      refused: (message) => this.refused(message),
      error: (message) => this.error(message),
      presence: (seats) => this.seePresence(seats),
      status: (up, code) => this.connected(up, code),
      frame: (message) =>
        message.type === "status"
          ? this.storeStatus(/** @type {{ type: string, store?: string }} */ (message))
          : this.page.frame?.(message),
    });
  }

  /**
   * @param {V} view
   * @param {string | null} seat
   */
  welcome(view, seat) {
    this.view = view;
    this.me = seat;
    this.stale = false;
    // what this seat did in this tab and was not answered (a reload): it goes again
    if (seat !== null) this.outbox.open(`motamot.outbox.${DATA.room}.${seat}`);
    this.page.welcomed?.(view);
    this.page.draw();
    this.outbox.flush();
  }

  /**
   * Fold events in order; one this page cannot fold (or `hidden`) asks for the room.
   * @param {E[]} events
   */
  fold(events) {
    if (!this.view || this.stale) return;
    for (const event of events) {
      const shared = foldShared(this.view, event, DATA.chat.history);
      if (shared) announceShared(this.view, event);
      if (!this.page.fold(this.view, event, shared) && !shared) {
        this.stale = true;
        this.connection.resync(0);
        return;
      }
      this.view.seq = event.seq;
    }
    this.page.draw();
  }

  /** @param {Protocol.Acked<E>} message */
  answered(message) {
    const owned = this.outbox.answered(message.id);
    if (owned) {
      if (this.status.textContent === t("store_down")) this.unsay(); // it stores again
      this.page.answered?.(message, owned.meta);
      return;
    }
    const note = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (note?.answered)
      note.answered(message); // an action that says its own answer (the chat)
    else this.page.answered?.(message, note);
  }

  /** @param {Protocol.Refused} message */
  refused(message) {
    const { entry, kept } = this.outbox.refused(message.id, message.retryable === true);
    if (kept) {
      this.say(t("store_down")); // kept, and sent again later
      return;
    }
    if (entry) {
      if (this.page.refused?.(message, entry.meta)) return;
      this.say(message.text);
      announce(message.text);
      return;
    }
    const note = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (note?.refused) return note.refused(message);
    if (this.page.refused?.(message, note)) return;
    this.say(message.text); // a refused host action, an action without a seat
    announce(message.text);
  }

  /**
   * Say a refusal in the status line, until unsay() (the next good step) clears it.
   * @param {string} text
   */
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

  /** @param {Protocol.Error} message */
  error(message) {
    this.status.textContent = message.text ?? errorText(message.code);
    if (["bad_token", "removed", "moderated"].includes(message.code)) {
      localStorage.removeItem(this.storageKey);
      this.outbox.clear();
    }
    if (["removed", "moderated", "banned", "room_closed"].includes(message.code)) {
      // P1: the host (or the operator) removed this seat, the operator banned the player
      // or closed the room: the page stops, as a spectator's with no socket
      this.dismissed = true;
      this.me = null;
      announce(this.status.textContent);
      if (this.view) this.page.draw();
    }
  }

  /**
   * The server's store went down or came back (its `status` frame): what it could not
   * take goes again as soon as it is back.
   * @param {{ type: string, store?: string }} message
   */
  storeStatus(message) {
    if (message.store === "up") {
      if (this.status.textContent === t("store_down")) this.unsay();
      this.outbox.retryNow();
    } else this.say(t("store_down"));
  }

  /** @param {string[]} seats */
  seePresence(seats) {
    this.presence = new Set(seats);
    if (this.view) (this.page.presence ?? this.page.draw).call(this.page);
  }

  /**
   * @param {boolean} up
   * @param {number} [code]
   */
  connected(up, code) {
    this.online = up;
    this.saying = false;
    if (!up) {
      this.presence = new Set();
      this.outbox.lost(); // their answers will not come: sent again on the next socket
    } else if (this.view) this.outbox.flush();
    if (this.view) (this.page.presence ?? this.page.draw).call(this.page);
    // the hello is sent: what the page kept while the socket was down may follow it
    if (up && this.view) this.page.online?.();
    if (up) this.status.textContent = "";
    else if (code === 4404) this.status.textContent = t("no_room");
    else if (code === 4409) this.status.textContent = t("seat_elsewhere");
    else if (code === 4410 || code === 4451 || code === 4452)
      return; // the error frame before said why
    else if (code === 4403) {
      localStorage.removeItem(this.storageKey);
      this.outbox.clear(); // no seat here: nothing of it to send
      this.connection.close();
      this.connection = this.connect(null);
    } else this.status.textContent = t("reconnecting");
  }
}
