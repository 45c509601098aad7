// The room's socket, lichess-style: numbered events, resync on a gap or a reconnect,
// pings that measure the clock offset to the server.

const PING_EVERY = 5000;

export class Connection {
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
    this.open();
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/${this.room}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 500;
      const lang = document.documentElement.lang;
      socket.send(JSON.stringify({ type: "hello", token: this.token, last_seq: this.seq, lang }));
      this.ping();
      this.pinger = setInterval(() => this.ping(), PING_EVERY);
      this.handlers.status(true);
    });
    socket.addEventListener("message", (message) => this.receive(JSON.parse(message.data)));
    socket.addEventListener("close", (event) => {
      clearInterval(this.pinger);
      this.handlers.status(false, event.code);
      // 4404: no such room; 4403: not this room's token; 4409: this seat opened elsewhere;
      // 4410: the host removed this seat (P1); 4451: the operator banned the player
      if (this.closed || [4404, 4403, 4409, 4410, 4451].includes(event.code)) return;
      setTimeout(() => this.open(), this.retry);
      this.retry = Math.min(this.retry * 2, 8000);
    });
  }

  /** Server time now, in seconds (the referee's clock, as seen from here). */
  serverNow() {
    return (Date.now() + this.offset) / 1000;
  }

  ping() {
    this.send({ type: "ping", c: Date.now() });
  }

  send(message) {
    if (this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Send a seat action; its answer (ack or refused) carries the same id. */
  act(type, fields = {}) {
    const id = this.nextId++;
    return this.send({ type, id, ...fields }) ? id : null;
  }

  /** Ask for what follows event `from` (0: the whole room again). */
  resync(from) {
    this.send({ type: "resync", last_seq: from });
  }

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
      default: // a kind's own frames (a Topword move's preview, hints)
        this.handlers.frame?.(message);
    }
  }

  /** Events in order: old ones are skipped, a gap asks for what is missing. */
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
