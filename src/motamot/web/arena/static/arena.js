// The arena: a seat in the round being played (or the next one), its grid and words, its
// results, then the next round, for as long as the page is open. Each round is a room:
// the page follows one round's socket at a time, and takes the next round's seat when
// the results are in. A round's room sends this seat its own events only (its words,
// the start, the end): the numbers have holes, and that is fine here.
import { announce } from "../client.js";
import { Connection } from "../connection.js";
import { DATA, h, nameEl, postJSON, t, wiktionaryLink, writtenWord } from "../common.js";
import { play, soundSwitch } from "../sounds.js";
import { GridView } from "../boggle/grid.js";
import { showVerdict, verdictText } from "../boggle/verdict.js";

const root = document.getElementById("arena");

/** The room socket, numbered events with holes: take the newer ones, in order. */
class ArenaConnection extends Connection {
  take(events) {
    const fresh = events.filter((event) => event.seq > this.seq);
    if (!fresh.length) return;
    this.seq = fresh[fresh.length - 1].seq;
    this.handlers.events(fresh);
  }
}

const state = {
  name: DATA.remembered ?? "",
  connection: null,
  view: null,
  me: null,
  // the last ended round's results, kept on screen while the next round waits
  last: null,
  activity: null,
  notes: [],
  pending: new Map(), // request id → the word sent
  stageKey: null,
  grid: null,
  ticker: null,
  rejoin: null,
};

// Fixed parts; only #arena-stage and the lists are redrawn.
const status = h("p", { class: "status", role: "status" });
const heading = h("h1", { id: "arena-title" }, t("arena_title"));
const roundLine = h("p", { class: "arena-round", id: "arena-round" });
const activityLine = h("p", { class: "arena-activity hint", id: "arena-activity" });
const enter = h("section", { class: "card arena-enter", hidden: true, "aria-labelledby": "arena-enter-title" });
const stage = h("section", { class: "arena-stage", id: "arena-stage" });
const note = h("p", { class: "hint arena-rule" }, t("arena_no_crossing"));
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), heading, roundLine, activityLine, enter, stage, note);
root.removeAttribute("aria-busy");

/** When a round starts, as the player's clock says it (« 14:05 »). */
function startTime(settings) {
  const start = new Date(settings.start * 1000);
  return start.toLocaleTimeString(document.documentElement.lang, { hour: "2-digit", minute: "2-digit" });
}

/** A round by the time it starts (« Manche de 14:05 »). */
function roundName(settings) {
  return t("arena_round", { time: startTime(settings) });
}

function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function serverNow() {
  return state.connection ? state.connection.serverNow() : Date.now() / 1000;
}

// --- coming in -----------------------------------------------------------------------

function drawEnter(error = "") {
  const input = h("input", { id: "arena-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname", value: state.name });
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
  enter.replaceChildren(h("h2", { id: "arena-enter-title" }, t("arena_enter")), form, h("p", { class: "error", role: "alert" }, error));
  enter.hidden = false;
  input.focus({ preventScroll: true });
}

/** A seat in the round to play now (or the next one), then its socket. */
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

function follow(room, token) {
  if (state.connection) {
    state.connection.closed = true;
    state.connection.socket.close();
  }
  state.pending.clear();
  state.connection = new ArenaConnection(room, token, {
    welcome: (view, seat) => welcome(view, seat),
    events: (events) => fold(events),
    ack: () => {},
    refused: (message) => refused(message),
    error: (message) => (status.textContent = message.text ?? message.code),
    presence: () => {},
    status: (up, code) => connected(up, code),
    frame: (message) => frame(message),
  });
}

function connected(up, code) {
  if (up) status.textContent = "";
  else if (code === 4403 || code === 4404) {
    if (DATA.arena) joinNext(); // this round's seat is gone: the arena's next one
  } else status.textContent = t("reconnecting");
}

// --- the round's events --------------------------------------------------------------

function welcome(view, seat) {
  const before = state.view;
  state.view = view;
  state.me = seat;
  if (before?.settings.number !== view.settings.number) state.notes = [];
  if (view.phase === "ended") state.last = view;
  draw();
}

function fold(events) {
  const view = state.view;
  if (!view) return;
  for (const event of events) {
    switch (event.type) {
      case "arena.round_started":
        Object.assign(view, { phase: "running", grid: event.grid, deadline: event.deadline });
        view.words ??= [];
        announce(roundName(view.settings));
        play("start");
        break;
      case "arena.word_written": {
        const { type, seq, ...word } = event;
        view.words = [...(view.words ?? []), word];
        const text = verdictText(word);
        announce(text);
        showVerdict(text, word.feedback === "accepted");
        break;
      }
      case "arena.round_ended":
        Object.assign(view, { phase: "ended", result: event.result, next_start: event.next_start });
        state.last = view;
        play("end");
        announce(t("arena_results_of", { time: startTime(view.settings) }));
        if (DATA.arena) joinNext();
        break;
      default: // a seat's own seat events: nothing to draw
        break;
    }
  }
  draw();
}

function frame(message) {
  if (message.type !== "arena.activity" || message.number !== state.view?.settings.number) return;
  state.activity = message;
  drawActivity();
}

function refused(message) {
  const word = state.pending.get(message.id);
  state.pending.delete(message.id);
  const line = word === undefined ? message.text : t("refused_word", { word, reason: message.text });
  state.notes.push(line);
  showVerdict(line, false);
  announce(line);
  drawWords();
}

// --- the round -----------------------------------------------------------------------



function sendWord(text) {
  if (!state.connection || state.me === null) return;
  const id = state.connection.act("word", { text });
  if (id === null) {
    state.notes.push(t("refused_word", { word: text, reason: t("reconnecting") }));
    drawWords();
  } else state.pending.set(id, text);
}

function timerElement(label) {
  return h("p", { class: "timer", id: "arena-timer", role: "timer", "aria-label": label }, "");
}

function buildRunning(view) {
  const input = h("input", { id: "word", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: 64, "aria-describedby": "word-hint", enterkeyhint: "send" });
  const seated = state.me !== null;
  state.grid = new GridView(view.grid, { onTrace: seated ? (text) => sendWord(text) : null, onTracing: (text) => (input.placeholder = text) });
  const form = h("form", { class: "word-form row" }, h("label", { for: "word" }, t("word")), input, h("button", { type: "submit", class: "primary" }, t("send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) sendWord(text);
    input.value = "";
    input.focus();
  });
  const head = h("div", { class: "round-head" }, h("h2", {}, t("time_left")), timerElement(t("time_left")));
  const play = seated
    ? [form, h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }), h("p", { id: "word-hint", class: "hint" }, t("word_hint")), h("h2", {}, t("my_words")), h("ul", { class: "my-words", id: "my-words" })]
    : [h("p", { class: "hint" }, t("arena_watch")), h("p", {}, h("a", { href: "/arene" }, t("arena_join_link")))];
  stage.replaceChildren(h("div", { class: "arena-play" }, h("div", { class: "arena-board" }, head, state.grid.el), h("div", { class: "arena-words" }, ...play)));
  if (seated) input.focus({ preventScroll: true });
}

function drawWords() {
  const list = document.getElementById("my-words");
  if (!list) return;
  const items = (state.view?.words ?? []).map((w) => h("li", { class: w.feedback === "accepted" ? "ok" : "bad" }, verdictText(w)));
  for (const line of state.notes) items.push(h("li", { class: "bad" }, line));
  list.replaceChildren(...items.reverse());
}

// --- the results ---------------------------------------------------------------------

function placeLine(result) {
  const you = result.you;
  if (!you) return h("p", { class: "arena-place" }, t("arena_no_place"));
  const fields = { rank: you.rank, players: result.players, top: you.top, score: you.score, words: you.words };
  return h("p", { class: "arena-place", id: "arena-place" }, t(you.rank === 1 ? "arena_first" : "arena_your_place", fields));
}

function resultsSection(view) {
  const result = view.result;
  const you = result.you;
  const rows = result.best_players.map((p) =>
    h("tr", {}, h("td", {}, String(p.rank)), h("th", { scope: "row" }, nameEl(p.name)), h("td", {}, String(p.score)), h("td", {}, String(p.words))),
  );
  const table = h(
    "table",
    { class: "scores arena-best" },
    h("caption", {}, t("arena_best_players")),
    h("thead", {}, h("tr", {}, ...["arena_rank", "arena_name", "arena_score", "arena_words"].map((key) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, rows),
  );
  const words = h(
    "ul",
    { class: "arena-words-best" },
    result.best_words.map((w) =>
      h("li", {}, h("strong", {}, writtenWord(w.word, result.written)), " ", wiktionaryLink(w.word, result.written, view.settings.dictionary), " ", h("span", { class: "detail" }, `${t("points", { points: w.points })} · ${w.found_by ? t("arena_found_by", { count: w.found_by }) : t("arena_found_by_none")}`)),
    ),
  );
  return h(
    "section",
    { class: "card arena-results", "aria-labelledby": "arena-results-title" },
    h("h2", { id: "arena-results-title" }, t("arena_results_of", { time: startTime(view.settings) })),
    placeLine(result),
    you ? h("p", { class: "arena-session", id: "arena-session" }, t("arena_session", { total: you.session_total, rounds: you.session_rounds })) : null,
    h("p", { class: "hint" }, t("arena_found", { players: result.players, found: result.found_words, all: result.grid_words })),
    table,
    h("h3", {}, t("arena_best_words")),
    words,
  );
}

function buildWaiting(view) {
  const label = t("arena_waiting");
  const last = state.last && state.last.settings.number < view.settings.number ? resultsSection(state.last) : "";
  stage.replaceChildren(h("div", { class: "round-head arena-countdown" }, h("h2", {}, label), timerElement(label)), last);
}

function buildEnded(view) {
  const label = t("arena_next");
  stage.replaceChildren(h("div", { class: "round-head arena-countdown" }, h("h2", {}, label), timerElement(label)), resultsSection(view));
}

// --- drawing -------------------------------------------------------------------------

function drawActivity() {
  const a = state.activity;
  activityLine.textContent = a ? t("arena_activity", { seated: a.seated, rate: a.words_per_second.toLocaleString(document.documentElement.lang) }) : "";
}

function until() {
  const view = state.view;
  if (!view) return null;
  if (view.phase === "waiting") return view.settings.start;
  return view.phase === "running" ? view.deadline : view.next_start;
}

function tick() {
  const timer = document.getElementById("arena-timer");
  const at = until();
  if (!timer || at === null) return;
  const left = at - serverNow();
  timer.textContent = formatTime(left);
  const urgent = state.view.phase === "running" && left <= 10;
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
    else if (view.phase === "ended") buildEnded(view);
    else buildWaiting(view);
  }
  drawWords();
  tick();
}

state.ticker = setInterval(tick, 200);
if (!DATA.arena) follow(DATA.room, null); // one round, watched by its id
else if (state.name) join(state.name);
else drawEnter();
