// The daily grid: the day so far, the player's one play (started here, resumed on a
// reload: the server keeps its deadline and words), then their place, the words they
// missed and what to share. Everything goes over the daily routes (HTTP): the player is
// the browser's lasting identity, never a token of this page's.
import { announce } from "../client.js";
import { DATA, LANG, copyButton, h, postJSON, t, writtenWord, wiktionaryLink } from "../common.js";
import { play, soundSwitch } from "../sounds.js";
import { GridView } from "../boggle/grid.js";
import { showVerdict, verdictText } from "../boggle/verdict.js";

const root = document.getElementById("daily");
const base = `/api/daily/${DATA.preset}/${DATA.day}`;

const state = { data: null, offset: 0, stageKey: null, notes: [], already: false, ticked: Infinity, fetching: false };

const status = h("p", { class: "status", role: "status" });
const heading = h("h1", { id: "daily-title" }, DATA.heading);
const dayLine = h("p", { class: "daily-line hint", id: "daily-line" });
const stage = h("section", { class: "daily-stage", id: "daily-stage" });
const rules = h("p", { class: "hint" }, t("daily_rules", { minutes: DATA.minutes }));
const past = DATA.today ? "" : h("p", { class: "hint", id: "daily-past" }, t("daily_past_note"));
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), heading, dayLine, past, stage, rules);
root.removeAttribute("aria-busy");

function serverNow() {
  return Date.now() / 1000 + state.offset;
}

function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function took(data) {
  state.offset = data.now - Date.now() / 1000;
  state.data = data;
  draw();
}

async function load() {
  if (state.fetching) return;
  state.fetching = true;
  try {
    const response = await fetch(`${base}?lang=${LANG}`);
    const answer = await response.json();
    if (!response.ok) status.textContent = answer.text ?? String(response.status);
    else took(answer);
  } catch {
    status.textContent = t("reconnecting");
  } finally {
    state.fetching = false;
  }
}

// --- before the play -------------------------------------------------------------------

function buildStart() {
  const input = h("input", { id: "daily-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname", value: DATA.remembered ?? "" });
  const error = h("p", { class: "error", role: "alert", id: "daily-error" });
  const form = h(
    "form",
    { class: "daily-start" },
    h("div", {}, h("label", { for: "daily-name" }, t("your_name")), " ", input),
    h("button", { type: "submit", class: "primary", id: "daily-start" }, t("daily_start_for", { minutes: DATA.minutes })),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    // past midnight (UTC, G2) today's page is yesterday's grid: today's instead, ranked
    if (DATA.today && new Date(serverNow() * 1000).toISOString().slice(0, 10) !== DATA.day) {
      location.reload();
      return;
    }
    const { answer, error: text } = await postJSON(`${base}/start`, { name });
    if (text) {
      error.textContent = text;
      if (answer?.refused === "daily_played") load(); // played elsewhere: its results
      return;
    }
    play("start");
    took(answer);
  });
  // the rules before the start: one ranked play, three minutes from the click
  const before = h("p", { id: "daily-rules-first" }, t("daily_rules", { minutes: DATA.minutes }));
  stage.replaceChildren(h("div", { class: "card" }, before, form, error), bestTable());
  if (!DATA.remembered) input.focus({ preventScroll: true });
}

// --- the play ----------------------------------------------------------------------------



async function sendWord(text) {
  const { answer, error } = await postJSON(`${base}/word`, { text });
  if (error) {
    const line = t("refused_word", { word: text, reason: error });
    state.notes.push(line);
    showVerdict(line, false);
    announce(line);
    if (answer?.refused === "after_deadline") dayLine.textContent = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
load();
  } else if (answer.word) {
    const { type, seq, ...word } = answer.word;
    state.data.view.play.words.push(word);
    const line = verdictText(word);
    showVerdict(line, word.feedback === "accepted");
    announce(line);
  }
  drawWords();
}

function buildRunning(view) {
  const input = h("input", { id: "word", autocomplete: "off", autocapitalize: "characters", spellcheck: "false", maxlength: 64, "aria-describedby": "word-hint", enterkeyhint: "send" });
  const grid = new GridView(view.grid, { onTrace: (text) => sendWord(text), onTracing: (text) => (input.placeholder = text) });
  const form = h("form", { class: "word-form row" }, h("label", { for: "word" }, t("word")), input, h("button", { type: "submit", class: "primary" }, t("send")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) sendWord(text);
    input.value = "";
    input.focus();
  });
  const done = h("button", { type: "button", id: "daily-finish" }, t("daily_finish"));
  done.addEventListener("click", async () => {
    // a ranked play ends for good: the first click asks, a second one within 5 s ends it
    if (!done.dataset.armed) {
      done.dataset.armed = "1";
      done.textContent = t("daily_finish_confirm");
      announce(t("daily_finish_confirm"));
      setTimeout(() => {
        delete done.dataset.armed;
        done.textContent = t("daily_finish");
      }, 5000);
      return;
    }
    const { answer, error } = await postJSON(`${base}/finish`, {});
    if (error) status.textContent = error;
    else {
      play("end");
      took(answer);
    }
  });
  const head = h("div", { class: "round-head" }, h("h2", {}, t("time_left")), h("p", { class: "timer", id: "daily-timer", role: "timer", "aria-label": t("time_left") }));
  const words = [form, h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }), h("p", { id: "word-hint", class: "hint" }, t("word_hint")), h("p", {}, done), h("h2", {}, t("my_words")), h("ul", { class: "my-words", id: "my-words" })];
  stage.replaceChildren(h("div", { class: "daily-play" }, h("div", { class: "daily-board" }, head, grid.el), h("div", { class: "daily-words" }, ...words)));
  input.focus({ preventScroll: true });
}

function drawWords() {
  const list = document.getElementById("my-words");
  const words = state.data?.view?.play?.words;
  if (!list || !words) return;
  const items = words.map((w) => h("li", { class: w.feedback === "accepted" ? "ok" : "bad" }, verdictText(w)));
  for (const line of state.notes) items.push(h("li", { class: "bad" }, line));
  list.replaceChildren(...items.reverse());
}

// --- after the play ----------------------------------------------------------------------

function placeLine(result) {
  const fields = { players: result.players, score: result.score, found: result.found };
  // unranked: where it would stand among the ranked plays and itself
  if (!result.ranked) return t(result.would_rank === 1 ? "daily_unranked_first" : "daily_unranked", { ...fields, rank: result.would_rank, players: result.players + 1 });
  return t(result.rank === 1 ? "daily_first" : "daily_your_place", { ...fields, rank: result.rank, top: result.top });
}

function bestTable() {
  const best = state.data?.view?.best ?? [];
  if (!best.length) return h("p", { class: "hint", id: "daily-best" }, t("daily_nobody_yet"));
  const rows = best.map((p) => h("tr", {}, h("td", {}, String(p.rank)), h("th", { scope: "row" }, p.name), h("td", {}, String(p.score)), h("td", {}, String(p.words))));
  return h(
    "table",
    { class: "scores daily-best", id: "daily-best" },
    h("caption", {}, t("daily_best")),
    h("thead", {}, h("tr", {}, ...["arena_rank", "arena_name", "arena_score", "arena_words"].map((key) => h("th", { scope: "col" }, t(key))))),
    h("tbody", {}, rows),
  );
}

function missedList(result, dictionary) {
  if (!result.missed.length) return h("p", {}, t("daily_none_missed"));
  return h(
    "ul",
    { class: "daily-missed", id: "daily-missed" },
    result.missed.map((w) => h("li", {}, h("strong", {}, writtenWord(w.word, result.written)), " ", h("span", { class: "detail" }, t("points", { points: w.points })), " ", wiktionaryLink(w.word, result.written, dictionary))),
  );
}

function buildEnded(view) {
  const result = view.result;
  const data = state.data;
  const share = h("pre", { class: "daily-share", id: "daily-share" }, data.share ?? "");
  const already = state.already ? h("p", { class: "daily-notice", role: "note", id: "daily-already" }, t("daily_already")) : "";
  const mine = h(
    "section",
    { class: "card", "aria-labelledby": "daily-results-title" },
    h("h2", { id: "daily-results-title" }, t("daily_results")),
    already,
    h("p", { class: "daily-place", id: "daily-place" }, placeLine(result)),
    h("h3", {}, t("daily_share")),
    share,
    h("p", {}, copyButton(data.share ?? "")),
  );
  const grid = new GridView(view.grid, {});
  grid.el.classList.add("daily-grid-after");
  const missed = h(
    "section",
    { class: "card", "aria-labelledby": "daily-missed-title" },
    h("h2", { id: "daily-missed-title" }, t("daily_missed")),
    h("p", { class: "hint" }, t("daily_missed_count", { missed: result.missed.length, all: result.grid_words })),
    missedList(result, view.settings.dictionary),
  );
  stage.replaceChildren(h("div", { class: "daily-after" }, h("div", {}, mine, grid.el), h("div", {}, bestTable(), missed)));
}

// --- drawing -----------------------------------------------------------------------------

function phase(view) {
  if (!view?.play) return "start";
  return view.play.over ? "ended" : "running";
}

function draw() {
  const view = state.data?.view;
  const now = phase(view);
  if (state.stageKey === null && now === "ended") state.already = true;
  const game = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
  dayLine.textContent = view ? `${game} · ${t("daily_day_so_far", { players: view.players, playing: view.playing })}` : game;
  const key = now === "ended" ? `ended:${view.players}:${view.best.length}` : now;
  if (key !== state.stageKey) {
    state.stageKey = key;
    rules.hidden = now === "start"; // said in the start's card
    if (now === "start") buildStart();
    else if (now === "running") buildRunning(view);
    else buildEnded(view);
  }
  drawWords();
  tick();
}

function tick() {
  const timer = document.getElementById("daily-timer");
  const playing = state.data?.view?.play;
  if (!timer || !playing || playing.over) return;
  const left = playing.deadline - serverNow();
  timer.textContent = formatTime(left);
  const urgent = left <= 10;
  timer.classList.toggle("urgent", urgent);
  const second = Math.ceil(left);
  if (urgent && second < state.ticked && second >= 1) play("tick");
  state.ticked = Math.min(state.ticked, second);
  if (left <= -0.5) {
    play("end");
    dayLine.textContent = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
load();
  }
}

setInterval(tick, 200);
// the day goes on while the results are up: the ranking again now and then
setInterval(() => {
  if (phase(state.data?.view) === "ended") dayLine.textContent = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
load();
}, 30_000);
dayLine.textContent = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
load();
