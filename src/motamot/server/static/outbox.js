// @ts-check
// What a page owns of what its player did (a word, a move, a submission) until the server
// answers it (issue 34). Each action gets a key of its own (this page's random part and
// a counter) and is kept, in order, in this tab's session storage (a reload finds it),
// until an ack (stored) or a refusal that says why (nothing happened, said to the
// player). It is sent again, with the same key, whenever its answer can no longer come
// (the socket died, the page reloaded) and when the server said it could not take it
// now (`retryable`): the room applies a key at most once (service/rooms/keys.py), so an
// action sent twice counts once. Sends never outrun the socket's credits
// (server/throttle.py) nor the keys the server remembers per seat.

/**
 * @typedef {object} Pending An action kept until its answer.
 * @property {string} key Unique to the action: sent with it every time.
 * @property {string} type The message's type (`word`, `play`...).
 * @property {Record<string, unknown>} fields The message's fields besides its type, id and key.
 * @property {Record<string, unknown>} meta What the page keeps to show it (the word, the move).
 * @property {number | null} id The id it was last sent with, while its answer may come; null: to send.
 */

/** Actions sent and not answered at most (the server remembers each seat's last 32 keys). */
const IN_FLIGHT = 16;
/** This page's share of its socket's credits (40, 8 a second: its pings, previews and chat draw on the rest). */
const BURST = 16;
const PER_SECOND = 6;
/** The first wait before an action the server could not take now is sent again, and the longest. */
const RETRY_FIRST = 1000;
const RETRY_LONGEST = 15000;

/** This page's part of every key: random, so that no reload or other tab makes the same. */
const PAGE = Array.from(crypto.getRandomValues(new Uint8Array(8)), (byte) => byte.toString(36).padStart(2, "0")).join(
  "",
);
let counter = 0;

/** A key no other action of this seat has (1-64 of [A-Za-z0-9_-]: `service/rooms/keys.py`). */
export function newKey() {
  counter += 1;
  return `${PAGE}-${counter}`;
}

/**
 * The actions a page kept under `storageKey` (none: nothing kept, or unreadable).
 * @param {string} storageKey
 * @returns {Pending[]}
 */
function readKept(storageKey) {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey) ?? "[]");
    return Array.isArray(kept) ? kept : [];
  } catch {
    return [];
  }
}

export class Outbox {
  /**
   * @param {(entry: Pending) => number | null} send Sends one action with its key: its
   *   request id, or null when it cannot go now (then it waits for `flush`).
   * @param {() => void} changed Called when what is kept changed (the page redraws it).
   * @param {number} inFlight Actions sent and not answered at most.
   */
  constructor(send, changed = () => {}, inFlight = IN_FLIGHT) {
    this.send = send;
    this.changed = changed;
    this.inFlight = inFlight;
    /** @type {Pending[]} */
    this.entries = [];
    /** @type {string | null} */
    this.storageKey = null;
    this.credits = BURST;
    this.refilledAt = Date.now();
    this.heldUntil = 0; // a retryable refusal: nothing goes before this
    this.retryWait = RETRY_FIRST;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
  }

  /**
   * Keep the actions of `storageKey` (a room and a seat), taking those a reload left.
   * @param {string} storageKey
   */
  open(storageKey) {
    if (storageKey === this.storageKey) return;
    this.storageKey = storageKey;
    const kept = readKept(storageKey);
    const known = new Set(this.entries.map((entry) => entry.key));
    this.entries.push(...kept.filter((entry) => !known.has(entry.key)).map((entry) => ({ ...entry, id: null })));
    this.save();
  }

  /**
   * A new action of the player's: kept, shown, sent as soon as it may go.
   * @param {string} type
   * @param {Record<string, unknown>} fields
   * @param {Record<string, unknown>} meta
   */
  add(type, fields = {}, meta = {}) {
    /** @type {Pending} */
    const entry = { key: newKey(), type, fields, meta, id: null };
    this.entries.push(entry);
    this.save();
    if (!this.flush()) this.changed();
    return entry;
  }

  /** Send what waits, in order, as far as the credits, the actions in flight and a
   * retryable refusal's wait allow (the rest goes when it may: a timer, an answer);
   * whether anything went (then the page was told). */
  flush() {
    const sent = this.sendWaiting();
    if (sent) this.changed();
    return sent > 0;
  }

  /** @returns {number} how many actions went */
  sendWaiting() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    this.credits = Math.min(BURST, this.credits + ((now - this.refilledAt) / 1000) * PER_SECOND);
    this.refilledAt = now;
    if (now < this.heldUntil) {
      this.later(this.heldUntil - now);
      return 0;
    }
    let flying = this.entries.filter((entry) => entry.id !== null).length;
    let sent = 0;
    for (const entry of this.entries) {
      if (entry.id !== null) continue;
      if (flying >= this.inFlight) break; // an answer makes room
      if (this.credits < 1) {
        this.later(((1 - this.credits) / PER_SECOND) * 1000);
        break;
      }
      const id = this.send(entry);
      if (id === null) break; // the connection is down: `flush` again when it is back
      entry.id = id;
      this.credits -= 1;
      flying += 1;
      sent += 1;
    }
    return sent;
  }

  /** @param {number} ms */
  later(ms) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), Math.max(50, ms));
  }

  /**
   * The action answered `ack` (stored): no longer kept.
   * @param {number} id
   */
  answered(id) {
    const entry = this.take(id);
    if (entry) this.retryWait = RETRY_FIRST;
    return entry;
  }

  /**
   * The action refused: kept to go again later if `retryable` (nothing happened, the
   * server could not take it now), else dropped (the page says why).
   * @param {number} id
   * @param {boolean} retryable
   * @returns {{ entry: Pending | null, kept: boolean }}
   */
  refused(id, retryable) {
    const entry = this.entries.find((e) => e.id === id && id !== null);
    if (!entry) return { entry: null, kept: false };
    if (!retryable) return { entry: this.take(id), kept: false };
    entry.id = null;
    this.heldUntil = Date.now() + this.retryWait;
    this.retryWait = Math.min(this.retryWait * 2, RETRY_LONGEST);
    this.sendWaiting();
    this.changed();
    return { entry, kept: true };
  }

  /** @param {number | null} id */
  take(id) {
    const index = this.entries.findIndex((entry) => entry.id === id && id !== null);
    if (index < 0) return null;
    const [entry] = this.entries.splice(index, 1);
    this.save();
    this.sendWaiting();
    this.changed();
    return entry;
  }

  /** The socket is gone: no answer will come for what was sent on it, all of it goes
   * again (same keys) once a new one is open. */
  lost() {
    for (const entry of this.entries) entry.id = null;
    this.changed();
  }

  /** The server says it can store again: what it could not take goes now. */
  retryNow() {
    this.heldUntil = 0;
    this.retryWait = RETRY_FIRST;
    this.flush();
  }

  /** Forget what is kept (the seat is gone). */
  clear() {
    this.entries = [];
    this.save();
    this.changed();
  }

  save() {
    if (this.storageKey === null) return;
    const kept = this.entries.map(({ key, type, fields, meta }) => ({ key, type, fields, meta }));
    try {
      if (kept.length) sessionStorage.setItem(this.storageKey, JSON.stringify(kept));
      else sessionStorage.removeItem(this.storageKey);
    } catch {
      // storage full or refused: kept in this page only
    }
  }
}
