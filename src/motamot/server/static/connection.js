// @ts-check
// The room's socket, lichess-style: numbered events, resync on a gap or a reconnect,
// pings that measure the clock offset to the server. A socket may die without closing
// (a frozen server, a stalled network: issue 34): every message sent expects something
// back, so when nothing comes for ANSWER_WAIT the page pings at once, and when that is
// not answered either (two missed), or the browser says it went offline, the socket is
// dropped, the page says the connection is lost and opens another.

/**
 * The frames every room's socket carries (docs/protocol.md), for a kind whose view is `V`
 * and whose events are `E`.
 * @template V, E
 * @typedef {Protocol.Welcome<V> | Protocol.Events<E> | Protocol.Acked<E> | Protocol.Refused | Protocol.Error
 *   | Protocol.Pong | Protocol.Presence} Envelope
 */
/**
 * What a connection tells its owner.
 * @template V, E
 * @typedef {object} Handlers
 * @property {(view: V, seat: string | null) => void} welcome
 * @property {(events: E[]) => void} events
 * @property {(message: Protocol.Acked<E>) => void} ack
 * @property {(message: Protocol.Refused) => void} refused
 * @property {(message: Protocol.Error) => void} error
 * @property {(seats: string[]) => void} presence
 * @property {(up: boolean, code?: number) => void} status
 * @property {(message: { type: string }) => void} [frame] a kind's own frames
 */

const PING_EVERY = 5000;
/** How long anything sent may wait for something back before it counts as missed. */
const ANSWER_WAIT = 2500;
/** How long a new socket may take to open before it is given up and tried again. */
const OPEN_WAIT = 5000;
/** 4404: no such room; 4403: not this room's token; 4409: this seat opened elsewhere;
 * 4410: the host (or the operator) removed this seat (P1); 4451: the operator banned the
 * player; 4452: the operator closed the room. */
const FINAL = [4404, 4403, 4409, 4410, 4451, 4452];
/** What the page calls a socket it dropped itself (no answer, or the browser offline). */
export const LOST = 4000;

/**
 * A room's socket, for a kind whose view is `V` and whose events are `E`.
 * @template {{ seq: number }} V
 * @template {{ seq: number }} E
 */
export class Connection {
  /** @type {WebSocket | null} the socket in use (a new one after each reconnect; null: down) */
  socket = null;
  /** @type {number | null} when the oldest message still waiting for an answer was sent */
  waitingSince = null;
  /** @type {ReturnType<typeof setInterval> | undefined} */
  pinger;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  reopening;

  /**
   * @param {string} room
   * @param {string | null} token
   * @param {Handlers<V, E>} handlers
   */
  constructor(room, token, handlers) {
    this.room = room;
    this.token = token;
    this.handlers = handlers; // {welcome(view, seat), events(list), ack(msg), refused(msg), error(msg), presence(seats), status(up, code), frame(msg)}
    this.seq = 0;
    this.offset = 0; // server time - local time, in ms
    this.bestRtt = Infinity;
    this.nextId = 1;
    this.retry = 500;
    this.closed = false;
    this.missed = 0;
    this.watchdog = setInterval(() => this.watch(), 500);
    this.onOffline = () => this.drop();
    this.onOnline = () => this.soon();
    addEventListener("offline", this.onOffline);
    addEventListener("online", this.onOnline);
    this.open();
  }

  open() {
    clearTimeout(this.reopening);
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.room}`);
    this.socket = socket;
    const opening = setTimeout(() => {
      if (socket === this.socket && socket.readyState !== WebSocket.OPEN) this.drop();
    }, OPEN_WAIT);
    // up once the server has answered on it, not when it opens: a socket that opens and
    // stays silent (a stalled proxy) keeps the page saying the connection is lost
    let heard = false;
    socket.addEventListener("open", () => {
      clearTimeout(opening);
      if (socket !== this.socket) return;
      this.retry = 500;
      this.missed = 0;
      this.waitingSince = null;
      const lang = document.documentElement.lang;
      this.send({ type: "hello", token: this.token, last_seq: this.seq, lang });
      this.ping();
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ping(), PING_EVERY);
    });
    socket.addEventListener("message", (message) => {
      if (socket !== this.socket) return; // a dropped socket's late words
      this.waitingSince = null;
      this.missed = 0;
      if (!heard) {
        heard = true;
        this.handlers.status(true);
      }
      this.receive(JSON.parse(message.data));
    });
    socket.addEventListener("close", (event) => {
      clearTimeout(opening);
      if (socket === this.socket) this.down(event.code);
    });
  }

  /**
   * The socket is gone: say so, and open another unless this page is done with it.
   * @param {number} code
   */
  down(code) {
    clearInterval(this.pinger);
    this.socket = null;
    this.waitingSince = null;
    this.handlers.status(false, code);
    if (this.closed || FINAL.includes(code)) return;
    this.reopening = setTimeout(() => this.open(), this.retry);
    this.retry = Math.min(this.retry * 2, 8000);
  }

  /** Give the socket up without waiting for its close (a dead one's takes minutes). */
  drop() {
    const socket = this.socket;
    if (socket === null) return; // down already: another is on its way
    this.down(LOST);
    socket.close();
  }

  /** The browser is online again: a new socket now, not at the end of the back-off. */
  soon() {
    if (this.closed || this.socket !== null) return;
    this.retry = 500;
    this.open();
  }

  /** Two waits in a row with nothing back: the socket is dead, whatever it says. */
  watch() {
    if (this.socket?.readyState !== WebSocket.OPEN || this.waitingSince === null) return;
    if (Date.now() - this.waitingSince < ANSWER_WAIT) return;
    this.missed += 1;
    if (this.missed >= 2) {
      this.drop();
      return;
    }
    this.waitingSince = null;
    this.ping(); // one more chance, at once
  }

  /** Stop for good (another seat's socket, another round): no reconnecting. */
  close() {
    this.closed = true;
    clearInterval(this.watchdog);
    clearInterval(this.pinger);
    clearTimeout(this.reopening);
    removeEventListener("offline", this.onOffline);
    removeEventListener("online", this.onOnline);
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** Whether the socket is open (what is sent now goes). */
  get up() {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  /** Server time now, in seconds (the referee's clock, as seen from here). */
  serverNow() {
    return (Date.now() + this.offset) / 1000;
  }

  ping() {
    this.send({ type: "ping", c: Date.now() });
  }

  /** @param {{ type: string } & Record<string, unknown>} message */
  send(message) {
    if (this.socket === null || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    this.waitingSince ??= Date.now(); // every message is answered (a pong, an ack...)
    return true;
  }

  /**
   * Send a seat action; its answer (ack or refused) carries the same id.
   * @param {string} type
   * @param {Record<string, unknown>} fields
   */
  act(type, fields = {}) {
    const id = this.nextId++;
    return this.send({ type, id, ...fields }) ? id : null;
  }

  /**
   * Ask for what follows event `from` (0: the whole room again).
   * @param {number} from
   */
  resync(from) {
    this.send({ type: "resync", last_seq: from });
  }

  /** @param {Envelope<V, E>} message one of these, or (the default) one of the kind's own */
  receive(message) {
    switch (message.type) {
      case "welcome":
        this.seq = message.view.seq;
        this.handlers.welcome(message.view, message.seat);
        break;
      case "events":
        this.take(message.events);
        break;
      case "ack":
        this.take(message.events);
        this.handlers.ack(message);
        break;
      case "refused":
        this.handlers.refused(message);
        break;
      case "pong": {
        const now = Date.now();
        const rtt = now - message.c;
        if (rtt <= this.bestRtt * 1.5 || rtt < 50) {
          this.bestRtt = Math.min(this.bestRtt, rtt);
          this.offset = message.s * 1000 - (message.c + rtt / 2);
        }
        break;
      }
      case "presence":
        this.handlers.presence(message.seats);
        break;
      case "error":
        this.handlers.error(message);
        break;
      default: // a kind's own frames (a move's preview, hints), the store's state
        this.handlers.frame?.(/** @type {{ type: string }} */ (message));
    }
  }

  /**
   * Events in order: old ones are skipped, a gap asks for what is missing.
   * @param {E[]} events
   */
  take(events) {
    const fresh = [];
    for (const event of events) {
      if (event.seq <= this.seq) continue;
      if (event.seq !== this.seq + 1) {
        this.resync(this.seq);
        break;
      }
      this.seq = event.seq;
      fresh.push(event);
    }
    if (fresh.length) this.handlers.events(fresh);
  }
}
