// @ts-check
// The arena: a seat in the round being played (or the next one), its grid and words, its
// results, then the next round, for as long as the page is open. Each round is a room:
// the page follows one round's socket at a time, and takes the next round's seat when
// the results are in. A round's room sends this seat its own events only (its words,
// the start, the end): the numbers have holes, and that is fine here.
import { announce } from "../client.js";
import { Connection } from "../connection.js";
import { DATA, h, nameEl, postJSON, t, wiktionaryLink, writtenWord } from "../common.js";
import { Outbox } from "../outbox.js";
import { play, soundSwitch } from "../sounds.js";
import { GridView } from "../boggle/grid.js";
import { showVerdict, verdictText } from "../boggle/verdict.js";
import { foldArena } from "./fold.js";
import { mineSection } from "./mine.js";
import { tournamentLink } from "./tournament.js";

/** @typedef {Protocol.arena.View} View */
/** @typedef {Protocol.arena.ArenaSettingsShown} Settings */
/** @typedef {View & { result: Protocol.arena.ArenaResultShown }} Ended a round over: its results */
/**
 * Where the arena stands, for a page that has not come in yet (`GET /api/arena/<preset>`),
 * with the gap between the server's clock and this one.
 * @typedef {{ deadline: number, next_start: number, now: number, seated: number | null, offset: number,
 *   asking: boolean }} Outside
 */

const root = /** @type {HTMLElement} */ (document.getElementById("arena"));

/**
 * The room socket, numbered events with holes: take the newer ones, in order.
 * @extends {Connection<View, Protocol.arena.Event>}
 */
class ArenaConnection extends Connection {
  /** @param {Protocol.arena.Event[]} events */
  take(events) {
    const fresh = events.filter((event) => event.seq > this.seq);
    if (!fresh.length) return;
    this.seq = fresh[fresh.length - 1].seq;
    this.handlers.events(fresh);
  }
}

/**
 * @type {{ name: string, connection: ArenaConnection | null, view: View | null, me: string | null,
 *   last: View | null, activity: Protocol.arena.ArenaActivity | null, notes: string[], outbox: Outbox | null,
 *   stageKey: string | null, grid: GridView | null, ticker: ReturnType<typeof setInterval> | null,
 *   rejoin: ReturnType<typeof setTimeout> | undefined, ticked: number, back: string | null,
 *   outside: Outside | null }}
 */
const state = {
  name: /** @type {string | undefined} */ (DATA.remembered) ?? "",
  connection: null,
  view: null,
  me: null,
  // the last ended round's results, kept on screen while the next round waits
  last: null,
  activity: null,
  notes: [],
  outbox: null, // the words typed in the round followed, until the server answers them
  stageKey: null,
  grid: null,
  ticker: null,
  rejoin: undefined,
  ticked: Infinity, // the last second a tick sounded for (the last ten of a round)
  back: null, // a tournament's round: the tournament's page this player came from
  outside: null, // before a name: the round on now, and when the next one starts
};

// Fixed parts; only #arena-stage and the lists are redrawn.
const status = h("p", { class: "status", role: "status" });
const heading = h("h1", { id: "arena-title" }, t("arena_title"));
const roundLine = h("p", { class: "arena-round", id: "arena-round" });
const activityLine = h("p", { class: "arena-activity hint", id: "arena-activity" });
const enter = h("section", { class: "card arena-enter", hidden: true, "aria-labelledby": "arena-enter-title" });
const stage = h("section", { class: "arena-stage", id: "arena-stage" });
const note = h("p", { class: "hint arena-rule" }, t("arena_no_crossing"));
root.replaceChildren(
  h("div", { class: "room-bar" }, status, soundSwitch()),
  heading,
  roundLine,
  activityLine,
  enter,
  stage,
  note,
);
root.removeAttribute("aria-busy");

/**
 * When a round starts, as the player's clock says it (« 14:05 »).
 * @param {Settings} settings
 */
function startTime(settings) {
  const start = new Date(settings.start * 1000);
  return start.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
}

/**
 * A round by the time it starts (« Manche de 14:05 »).
 * @param {Settings} settings
 */
function roundName(settings) {
  if (settings.tournament) return t("arena_tournament_round", { round: settings.number });
  return t("arena_round", { time: startTime(settings) });
}

/** @param {number} seconds */
function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function serverNow() {
  return state.connection ? state.connection.serverNow() : Date.now() / 1000;
}

// --- coming in -----------------------------------------------------------------------

function drawEnter(error = "") {
  const input = h("input", {
    id: "arena-name",
    required: true,
    maxlength: DATA.max_name,
    autocomplete: "nickname",
    value: state.name,
  });
  const form = h(
    "form",
    { class: "row" },
    h("label", { for: "arena-name" }, t("your_name")),
    input,
    h("button", { type: "submit", class: "primary", id: "arena-enter" }, t("arena_enter")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (name) join(name);
  });
  enter.replaceChildren(
    h("h2", { id: "arena-enter-title" }, t("arena_enter")),
    nowLine,
    form,
    h("p", { class: "error", role: "alert" }, error),
  );
  enter.hidden = false;
  input.focus({ preventScroll: true });
}

// What a visitor reads before giving a name: the round on and its time left, or the
// results and when the next one starts, and how many are in the round they would join.
const nowLine = h("p", { class: "arena-now", id: "arena-now" });
const REFRESH_SECONDS = 15;

/** Ask the server where the arena stands (again once the round on has changed). */
async function lookIn() {
  if (enter.hidden) return; // in a round now: its socket says the rest
  if (state.outside) state.outside.asking = true;
  try {
    const answer = await fetch(`/api/arena/${DATA.arena}`);
    if (!answer.ok) throw new Error(String(answer.status));
    const status = await answer.json();
    state.outside = { ...status, offset: status.now - Date.now() / 1000, asking: false };
  } catch {
    state.outside = null; // unknown for now: the line is left out, and asked again later
    setTimeout(lookIn, 5000);
  }
  drawOutside();
}

function drawOutside() {
  const outside = state.outside;
  if (!outside || state.view) {
    nowLine.textContent = "";
    return;
  }
  const now = Date.now() / 1000 + outside.offset;
  const running = now <= outside.deadline;
  const left = (running ? outside.deadline : outside.next_start) - now;
  // the next round has begun, or the count of players is getting old
  if ((left < 0 || now - outside.now > REFRESH_SECONDS) && !outside.asking) lookIn();
  const line = t(running ? "arena_now_running" : "arena_now_results", { left: formatTime(left) });
  const seated = outside.seated // unknown (null) or nobody yet (0): not said
    ? t(running ? "arena_now_playing" : "arena_now_waiting", { seated: outside.seated })
    : "";
  nowLine.textContent = seated ? `${line} ${seated}` : line;
}

/**
 * A seat in the round to play now (or the next one), then its socket.
 * @param {string} name
 */
async function join(name) {
  const { answer, error } = await postJSON(`/api/arena/${DATA.arena}/join`, { name });
  if (error) {
    drawEnter(error);
    return false;
  }
  state.name = name;
  enter.hidden = true;
  follow(answer.room, answer.token);
  return true;
}

/** After a round's results: the next round's seat, at a moment of the pause of its own
 * (thousands of pages do not all come back in the same second). */
function joinNext() {
  clearTimeout(state.rejoin);
  const delay = 1000 + Math.random() * 8000;
  state.rejoin = setTimeout(async function again() {
    if (!(await join(state.name))) state.rejoin = setTimeout(again, 5000);
  }, delay);
}

/**
 * Follow a round's room: its socket, and its words until the server answers them (each
 * with its key: sent again if the socket dies or the page reloads, written once).
 * @param {string} room
 * @param {string | null} token
 */
function follow(room, token) {
  retire(state.connection, state.outbox);
  const current = () => connection === state.connection; // a round left keeps answering
  const outbox = new Outbox(
    (entry) => connection.act(entry.type, { ...entry.fields, key: entry.key }),
    () => {
      if (current()) drawWords();
    },
  );
  const connection = new ArenaConnection(room, token, {
    welcome: (view, seat) => {
      if (seat !== null) outbox.open(`motamot.outbox.${room}.${seat}`);
      if (current()) welcome(view, seat);
      outbox.flush();
    },
    events: (events) => {
      if (current()) fold(events);
    },
    ack: (message) => outbox.answered(message.id),
    refused: (message) => refused(message, outbox),
    error: (message) => {
      if (current()) status.textContent = message.text ?? message.code;
    },
    presence: () => {},
    status: (up, code) => {
      if (up) outbox.flush();
      else outbox.lost(); // their answers will not come: sent again on the next socket
      if (current()) connected(up, code);
    },
    frame: (message) => {
      if (message.type === "status") storeStatus(/** @type {{ type: string, store?: string }} */ (message), outbox);
      else if (current()) frame(message);
    },
  });
  state.connection = connection;
  state.outbox = outbox;
}

/**
 * The round left for the next one: its socket stays until the words sent on it are
 * answered (30 s at most), so that none typed at its end is lost or written twice.
 * @param {ArenaConnection | null} connection
 * @param {Outbox | null} outbox
 */
function retire(connection, outbox) {
  if (!connection) return;
  const until = Date.now() + 30_000;
  const check = () => {
    if (outbox?.entries.length && Date.now() < until) setTimeout(check, 500);
    else connection.close();
  };
  check();
}

/**
 * The server's store went down or came back: what it could not take goes again.
 * @param {{ type: string, store?: string }} message
 * @param {Outbox} outbox
 */
function storeStatus(message, outbox) {
  if (message.store === "up") {
    if (status.textContent === t("store_down")) status.textContent = "";
    outbox.retryNow();
  } else status.textContent = t("store_down");
}

/**
 * @param {boolean} up
 * @param {number} [code]
 */
function connected(up, code) {
  if (up) status.textContent = "";
  else if (code === 4403 || code === 4404) {
    if (DATA.arena) joinNext(); // this round's seat is gone: the arena's next one
  } else status.textContent = t("reconnecting");
}

// --- the round's events --------------------------------------------------------------

/**
 * @param {View} view
 * @param {string | null} seat
 */
function welcome(view, seat) {
  const before = state.view;
  state.view = view;
  state.me = seat;
  if (before?.settings.number !== view.settings.number) state.notes = [];
  if (view.phase === "ended") state.last = view;
  draw();
}

/** @param {Protocol.arena.Event[]} events */
function fold(events) {
  const view = state.view;
  if (!view) return;
  for (const event of events) {
    if (!foldArena(view, event)) continue; // a seat's own seat events: nothing to draw
    switch (event.type) {
      case "arena.round_started":
        announce(roundName(view.settings));
        play("start");
        break;
      case "arena.word_written": {
        const text = verdictText(event);
        announce(text);
        showVerdict(text, event.feedback === "accepted");
        break;
      }
      case "arena.round_ended":
        state.last = view;
        play("end");
        announce(t("arena_results_of", { time: startTime(view.settings) }));
        if (DATA.arena) joinNext();
        break;
    }
  }
  draw();
}

/** @param {{ type: string }} shown */
function frame(shown) {
  if (shown.type !== "arena.activity") return;
  const message = /** @type {Protocol.arena.ArenaActivity} */ (shown);
  if (message.number !== state.view?.settings.number) return;
  state.activity = message;
  drawActivity();
}

/**
 * @param {Protocol.Refused} message
 * @param {Outbox} outbox the round's whose socket it came on
 */
function refused(message, outbox) {
  const { entry, kept } = outbox.refused(message.id, message.retryable === true);
  if (outbox !== state.outbox) return; // a round left: its results are shown already
  if (kept) {
    status.textContent = t("store_down"); // kept, and sent again later
    return;
  }
  const word = entry?.meta.word;
  const line = word === undefined ? message.text : t("refused_word", { word: String(word), reason: message.text });
  state.notes.push(line);
  showVerdict(line, false);
  announce(line);
  drawWords();
}

// --- the round -----------------------------------------------------------------------

/** @param {string} text */
function sendWord(text) {
  if (!state.outbox || state.me === null) return;
  state.outbox.add("word", { text }, { word: text });
  showVerdict(waitingText(text), null);
}

/** @param {string} word */
function waitingText(word) {
  return t(state.connection?.up ? "pending_word" : "waiting_word", { word });
}

/** @param {string} label */
function timerElement(label) {
  return h("p", { class: "timer", id: "arena-timer", role: "timer", "aria-label": label }, "");
}

/** @param {View} view */
function buildRunning(view) {
  const input = h("input", {
    id: "word",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    maxlength: 64,
    "aria-describedby": "word-hint",
    enterkeyhint: "send",
  });
  const seated = state.me !== null;
  state.grid = new GridView(/** @type {string} */ (view.grid), {
    onTrace: seated ? (text) => sendWord(text) : null,
    onTracing: (text) => (input.placeholder = text),
  });
  const form = h(
    "form",
    { class: "word-form row" },
    h("label", { for: "word" }, t("word")),
    input,
    h("button", { type: "submit", class: "primary" }, t("send")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) sendWord(text);
    input.value = "";
    input.focus();
  });
  const head = h("div", { class: "round-head" }, h("h2", {}, t("time_left")), timerElement(t("time_left")));
  const play = seated
    ? [
        form,
        h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }),
        h("p", { id: "word-hint", class: "hint" }, t("word_hint")),
        h("h2", {}, t("my_words")),
        h("ul", { class: "my-words", id: "my-words" }),
      ]
    : [h("p", { class: "hint" }, t("arena_watch")), h("p", {}, h("a", { href: "/arene" }, t("arena_join_link")))];
  stage.replaceChildren(
    h(
      "div",
      { class: "arena-play" },
      h("div", { class: "arena-board" }, head, state.grid.el),
      h("div", { class: "arena-words" }, ...play),
    ),
  );
  if (seated) input.focus({ preventScroll: true });
}

function drawWords() {
  const list = document.getElementById("my-words");
  if (!list) return;
  const items = (state.view?.words ?? []).map((w) =>
    h("li", { class: w.feedback === "accepted" ? "ok" : "bad" }, verdictText(w)),
  );
  for (const line of state.notes) items.push(h("li", { class: "bad" }, line));
  for (const entry of state.outbox?.entries ?? [])
    items.push(h("li", { class: "waiting" }, waitingText(String(entry.meta.word))));
  list.replaceChildren(...items.reverse());
}

// --- the results ---------------------------------------------------------------------

/** @param {Protocol.arena.ArenaResultShown} result */
function placeLine(result) {
  const you = result.you;
  if (!you) return h("p", { class: "arena-place" }, t("arena_no_place"));
  const fields = { rank: you.rank, players: result.players, top: you.top, score: you.score, words: you.words };
  // too fast (F4): out of the field, told why and where it would stand among it
  if (you.aside)
    return h(
      "p",
      { class: "arena-place", id: "arena-place" },
      t("arena_aside_too_fast", {
        ...fields,
        players: result.players + 1,
        count: you.pace?.words ?? 0,
        seconds: you.pace?.seconds ?? 0,
      }),
    );
  return h(
    "p",
    { class: "arena-place", id: "arena-place" },
    t(you.rank === 1 ? "arena_first" : "arena_your_place", fields),
  );
}

/** @param {Ended} view */
function resultsSection(view) {
  const result = view.result;
  const you = result.you;
  const rows = result.best_players.map((p) =>
    h(
      "tr",
      {},
      h("td", {}, String(p.rank)),
      h("th", { scope: "row" }, nameEl(p.name)),
      h("td", {}, String(p.score)),
      h("td", {}, String(p.words)),
    ),
  );
  const table = h(
    "table",
    { class: "scores arena-best" },
    h("caption", {}, t("arena_best_players")),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ...["arena_rank", "arena_name", "arena_score", "arena_words"].map((key) => h("th", { scope: "col" }, t(key))),
      ),
    ),
    h("tbody", {}, rows),
    // the public list ranks accounts unless the server opens it (F1); one's place counts all
    view.settings.open_rankings
      ? ""
      : h("tfoot", {}, h("tr", {}, h("td", { colspan: "4", class: "hint" }, t("arena_best_accounts")))),
  );
  const words = h(
    "ul",
    { class: "arena-words-best" },
    result.best_words.map((w) =>
      h(
        "li",
        {},
        h("strong", {}, writtenWord(w.word, result.written)),
        " ",
        wiktionaryLink(w.word, result.written, view.settings.dictionary),
        " ",
        h(
          "span",
          { class: "detail" },
          `${t("points", { points: w.points })} · ${w.found_by ? t("arena_found_by", { count: w.found_by }) : t("arena_found_by_none")}`,
        ),
      ),
    ),
  );
  return h(
    "section",
    { class: "card arena-results", "aria-labelledby": "arena-results-title" },
    h(
      "h2",
      { id: "arena-results-title" },
      view.settings.tournament
        ? t("arena_tournament_results", { round: view.settings.number })
        : t("arena_results_of", { time: startTime(view.settings) }),
    ),
    placeLine(result),
    you && !view.settings.tournament // a tournament sums its rounds in its standings
      ? h(
          "p",
          { class: "arena-session", id: "arena-session" },
          t("arena_session", { total: you.session_total, rounds: you.session_rounds }),
        )
      : null,
    h(
      "p",
      { class: "hint" },
      t("arena_found", { players: result.players, found: result.found_words, all: result.grid_words }),
    ),
    // the player's own round first: the grid, their words, what they missed
    you || view.words?.length ? mineSection(view) : null,
    table,
    h("h3", {}, t("arena_best_words")),
    words,
  );
}

/** @param {View} view */
function buildWaiting(view) {
  const label = t("arena_waiting");
  const last =
    state.last && state.last.settings.number < view.settings.number
      ? resultsSection(/** @type {Ended} */ (state.last))
      : "";
  stage.replaceChildren(
    h("div", { class: "round-head arena-countdown" }, h("h2", {}, label), timerElement(label)),
    tournamentLink(view.settings, state.back) ?? "",
    last,
  );
}

/** @param {Ended} view */
function buildEnded(view) {
  const label = t("arena_next");
  const back = tournamentLink(view.settings, state.back); // a tournament's round: no next one here
  stage.replaceChildren(
    back ?? h("div", { class: "round-head arena-countdown" }, h("h2", {}, label), timerElement(label)),
    resultsSection(view),
  );
}

// --- drawing -------------------------------------------------------------------------

function drawActivity() {
  const a = state.activity;
  activityLine.textContent = a
    ? t("arena_activity", { seated: a.seated, rate: a.words_per_second.toLocaleString(document.documentElement.lang) })
    : "";
}

function until() {
  const view = state.view;
  if (!view) return null;
  if (view.phase === "waiting") return view.settings.start;
  return view.phase === "running" ? view.deadline : view.next_start;
}

function tick() {
  if (!enter.hidden) drawOutside();
  const timer = document.getElementById("arena-timer");
  const at = until();
  if (!timer || at === null) return;
  const left = at - serverNow();
  timer.textContent = formatTime(left);
  const urgent = state.view?.phase === "running" && left <= 10;
  timer.classList.toggle("urgent", urgent);
  const second = Math.ceil(left);
  if (urgent && second < state.ticked && second >= 1) play("tick");
  state.ticked = Math.min(state.ticked ?? second, second);
}

function draw() {
  const view = state.view;
  if (!view) return;
  const settings = view.settings;
  const dictionary = t(`dictionary.${settings.dictionary}`);
  roundLine.textContent = `${roundName(settings)} · ${t("arena_game", { game: t(`preset.${settings.preset}`), dictionary })}`;
  const key = `${view.settings.number}:${view.phase}:${state.me}`;
  if (key !== state.stageKey) {
    state.stageKey = key;
    state.ticked = Infinity;
    if (view.phase === "running") buildRunning(view);
    else if (view.phase === "ended") buildEnded(/** @type {Ended} */ (view));
    else buildWaiting(view);
  }
  drawWords();
  tick();
}

state.ticker = setInterval(tick, 200);
if (!DATA.arena) {
  // one round by its link: watched, or played at the seat a tournament kept for this player
  const saved = JSON.parse(localStorage.getItem(`motamot.seat.${DATA.room}`) ?? "null");
  state.back = saved?.back ?? null;
  follow(DATA.room, saved?.token ?? null);
} else if (state.name) join(state.name);
else {
  drawEnter();
  lookIn();
}
