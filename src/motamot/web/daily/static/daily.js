// @ts-check
// The daily grid: the day so far, the player's one play (started here, resumed on a
// reload: the server keeps its deadline and words), then their place, the words they
// missed and what to share. Everything goes over the daily routes (HTTP): the player is
// the browser's lasting identity, never a token of this page's.
import { announce } from "../client.js";
import { DATA, LANG, copyButton, h, postJSON, t, writtenWord, wiktionaryLink } from "../common.js";
import { Outbox } from "../outbox.js";
import { play, soundSwitch } from "../sounds.js";
import { GridView } from "../boggle/grid.js";
import { showVerdict, verdictText } from "../boggle/verdict.js";

/** @typedef {Protocol.daily.View} View */
/**
 * The day as this player stands on it (web/daily/api.py, `DailyState`): the view is null
 * when nobody played that day yet; `share` is the text to share once the play is over.
 * @typedef {{ preset: string, day: string, now: number, view: View | null, share: string | null }} DailyState
 */

const root = /** @type {HTMLElement} */ (document.getElementById("daily"));
const base = `/api/daily/${DATA.preset}/${DATA.day}`;

/** @type {{ data: DailyState | null, offset: number, stageKey: string | null, notes: string[], already: boolean, ticked: number, fetching: boolean }} */
const state = { data: null, offset: 0, stageKey: null, notes: [], already: false, ticked: Infinity, fetching: false };

const status = h("p", { class: "status", role: "status" });
const heading = h("h1", { id: "daily-title" }, /** @type {string} */ (DATA.heading));
const dayLine = h("p", { class: "daily-line hint", id: "daily-line" });
const stage = h("section", { class: "daily-stage", id: "daily-stage" });
const rules = h("p", { class: "hint" }, t("daily_rules", { minutes: DATA.minutes }));
const past = DATA.today ? "" : h("p", { class: "hint", id: "daily-past" }, t("daily_past_note"));
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), heading, dayLine, past, stage, rules);
root.removeAttribute("aria-busy");

function serverNow() {
  return Date.now() / 1000 + state.offset;
}

/** @param {number} seconds */
function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** @param {DailyState} data */
function took(data) {
  state.offset = data.now - Date.now() / 1000;
  state.data = data;
  draw();
  if (data.view?.play) {
    // the words a reload left unanswered go again (their keys: written once)
    outbox.open(OUTBOX_KEY);
    outbox.flush();
  }
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
  const input = h("input", {
    id: "daily-name",
    required: true,
    maxlength: DATA.max_name,
    autocomplete: "nickname",
    value: /** @type {string | undefined} */ (DATA.remembered) ?? "",
  });
  const error = h("p", { class: "error", role: "alert", id: "daily-error" });
  const form = h(
    "form",
    { class: "daily-start" },
    h("div", {}, h("label", { for: "daily-name" }, t("your_name")), " ", input),
    h(
      "button",
      { type: "submit", class: "primary", id: "daily-start" },
      t("daily_start_for", { minutes: DATA.minutes }),
    ),
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

/** @param {string} text */
/** How long a word's request may take before the connection is taken for lost (the
 * word is sent again, with its key: written once). */
const ANSWER_WAIT = 5000;
/** Where this day's words wait for their answers, in this tab (a reload finds them). */
const OUTBOX_KEY = `motamot.outbox.daily.${DATA.preset}.${DATA.day}`;
/** The words typed, until the server answers each: one request at a time, in order. */
const outbox = new Outbox(
  (entry) => post(entry),
  () => drawWords(),
  1,
);
let requests = 0;
let offline = false;

/** @param {string} text */
function sendWord(text) {
  outbox.open(OUTBOX_KEY);
  outbox.add("word", { text }, { word: text });
  showVerdict(waitingText(text), null);
}

/** @param {string} word */
function waitingText(word) {
  return t(offline ? "waiting_word" : "pending_word", { word });
}

/**
 * One word's request; its answer settles it in the outbox (a network failure, a
 * timeout, a 503 or a 429: nothing is known or nothing happened, it goes again).
 * @param {import("../outbox.js").Pending} entry
 */
function post(entry) {
  const id = ++requests;
  answerOf(entry).then(({ response, answer }) => {
    if ((response === null) !== offline) {
      offline = response === null;
      status.textContent = offline ? t("reconnecting") : "";
    }
    if (response === null || response.status === 503 || response.status === 429) {
      if (response?.status === 503) status.textContent = t("store_down");
      outbox.refused(id, true);
    } else if (response.ok) wordTaken(answer);
    else wordRefused(outbox.refused(id, false).entry, answer);
    if (response?.ok) outbox.answered(id);
  });
  return id;
}

/**
 * @param {import("../outbox.js").Pending} entry
 * @returns {Promise<{ response: Response | null, answer: any }>}
 */
async function answerOf(entry) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ANSWER_WAIT);
  try {
    const response = await fetch(`${base}/word?lang=${LANG}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: entry.fields.text, key: entry.key }),
      signal: controller.signal,
    });
    return { response, answer: await response.json() };
  } catch {
    return { response: null, answer: null };
  } finally {
    clearTimeout(timer);
  }
}

/** @param {{ word: Protocol.daily.DailyWordShown | null }} answer */
function wordTaken(answer) {
  if (!answer.word) {
    load(); // its key was written already (an answer lost): the play as it stands
    return;
  }
  const { type, seq, ...word } = answer.word;
  const running = /** @type {Protocol.daily.PlayShown} */ (state.data?.view?.play); // a word's answer: a play runs
  running.words.push(word);
  const line = verdictText(word);
  showVerdict(line, word.feedback === "accepted");
  announce(line);
}

/**
 * @param {import("../outbox.js").Pending | null} entry
 * @param {{ refused?: string, text?: string } | null} answer
 */
function wordRefused(entry, answer) {
  const line = t("refused_word", { word: String(entry?.meta.word ?? ""), reason: answer?.text ?? "" });
  state.notes.push(line);
  showVerdict(line, false);
  announce(line);
  if (answer?.refused === "after_deadline") load(); // the play is over: its results
  drawWords();
}

addEventListener("online", () => outbox.retryNow());

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
  const grid = new GridView(/** @type {string} */ (view.grid), {
    onTrace: (text) => sendWord(text),
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
  const head = h(
    "div",
    { class: "round-head" },
    h("h2", {}, t("time_left")),
    h("p", { class: "timer", id: "daily-timer", role: "timer", "aria-label": t("time_left") }),
  );
  const words = [
    form,
    h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }),
    h("p", { id: "word-hint", class: "hint" }, t("word_hint")),
    h("p", {}, done),
    h("h2", {}, t("my_words")),
    h("ul", { class: "my-words", id: "my-words" }),
  ];
  stage.replaceChildren(
    h(
      "div",
      { class: "daily-play" },
      h("div", { class: "daily-board" }, head, grid.el),
      h("div", { class: "daily-words" }, ...words),
    ),
  );
  input.focus({ preventScroll: true });
}

function drawWords() {
  const list = document.getElementById("my-words");
  const words = state.data?.view?.play?.words;
  if (!list || !words) return;
  const items = words.map((w) => h("li", { class: w.feedback === "accepted" ? "ok" : "bad" }, verdictText(w)));
  for (const line of state.notes) items.push(h("li", { class: "bad" }, line));
  for (const entry of outbox.entries) items.push(h("li", { class: "waiting" }, waitingText(String(entry.meta.word))));
  list.replaceChildren(...items.reverse());
}

// --- after the play ----------------------------------------------------------------------

/** @param {Protocol.daily.ResultShown} result */
function placeLine(result) {
  const fields = { players: result.players, score: result.score, found: result.found };
  // out of the field (a past day, or set aside: F2-F4): where it would stand among it
  if (result.rank === undefined)
    return t(result.would_rank === 1 ? "daily_unranked_first" : "daily_unranked", {
      ...fields,
      rank: result.would_rank,
      players: result.players + 1,
    });
  return t(result.rank === 1 ? "daily_first" : "daily_your_place", { ...fields, rank: result.rank, top: result.top });
}

function bestTable() {
  const best = state.data?.view?.best ?? [];
  if (!best.length) {
    // plays over, but none listed: the list ranks accounts (F1)
    const listed = state.data?.view?.players && !state.data.view.settings.open_rankings;
    return h("p", { class: "hint", id: "daily-best" }, t(listed ? "daily_no_account_yet" : "daily_nobody_yet"));
  }
  const rows = best.map((p) =>
    h(
      "tr",
      {},
      h("td", {}, String(p.rank)),
      h("th", { scope: "row" }, p.name),
      h("td", {}, String(p.score)),
      h("td", {}, String(p.words)),
    ),
  );
  return h(
    "table",
    { class: "scores daily-best", id: "daily-best" },
    h("caption", {}, t("daily_best")),
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
    accountsOnly(),
  );
}

// the public list ranks accounts unless the server opens it (F1); one's own rank counts all
function accountsOnly() {
  if (state.data?.view?.settings.open_rankings) return "";
  return h("tfoot", {}, h("tr", {}, h("td", { colspan: "4", class: "hint" }, t("daily_best_accounts"))));
}

/**
 * One word of the results, written as the rooms write them, with its points and its link.
 * @param {{ word: string, points: number }} entry
 * @param {Protocol.daily.ResultShown} result
 * @param {string} dictionary
 */
function wordItem(entry, result, dictionary) {
  return h(
    "li",
    {},
    h("strong", {}, writtenWord(entry.word, result.written)),
    " ",
    h("span", { class: "detail" }, t("points", { points: entry.points })),
    " ",
    wiktionaryLink(entry.word, result.written, dictionary),
  );
}

/**
 * @param {Protocol.daily.ResultShown} result
 * @param {string} dictionary
 */
function missedList(result, dictionary) {
  if (!result.missed.length) return h("p", {}, t("daily_none_missed"));
  return h(
    "ul",
    { class: "daily-missed", id: "daily-missed" },
    result.missed.map((w) => wordItem(w, result, dictionary)),
  );
}

/**
 * The words the player found (G15), best first.
 * @param {Protocol.daily.ResultShown} result
 * @param {string} dictionary
 */
function foundList(result, dictionary) {
  if (!result.found_words.length) return h("p", { id: "daily-found" }, t("daily_none_found"));
  return h(
    "ul",
    { class: "daily-missed daily-found", id: "daily-found" },
    result.found_words.map((w) => wordItem(w, result, dictionary)),
  );
}

/** @param {View & { result: Protocol.daily.ResultShown }} view */
function buildEnded(view) {
  const result = view.result;
  const data = /** @type {DailyState} */ (state.data);
  const share = h("pre", { class: "daily-share", id: "daily-share" }, data.share ?? "");
  const already = state.already
    ? h("p", { class: "daily-notice", role: "note", id: "daily-already" }, t("daily_already"))
    : "";
  const mine = h(
    "section",
    { class: "card", "aria-labelledby": "daily-results-title" },
    h("h2", { id: "daily-results-title" }, t("daily_results")),
    already,
    h("p", { class: "daily-place", id: "daily-place" }, placeLine(result)),
    result.aside
      ? h(
          "p",
          { class: "daily-notice", role: "note", id: "daily-aside" },
          t(`daily_aside_${result.aside}`, { words: result.pace?.words ?? 0, seconds: result.pace?.seconds ?? 0 }),
        )
      : "",
    h("h3", {}, t("daily_share")),
    share,
    h("p", {}, copyButton(data.share ?? "")),
  );
  const grid = new GridView(/** @type {string} */ (view.grid), {});
  grid.el.classList.add("daily-grid-after");
  const kept = h(
    "section",
    { class: "card", "aria-labelledby": "daily-found-title" },
    h("h2", { id: "daily-found-title" }, t("daily_found")),
    h("p", { class: "hint" }, t("daily_found_count", { found: result.found, all: result.grid_words })),
    foundList(result, view.settings.dictionary),
  );
  const missed = h(
    "section",
    { class: "card", "aria-labelledby": "daily-missed-title" },
    h("h2", { id: "daily-missed-title" }, t("daily_missed")),
    h("p", { class: "hint" }, t("daily_missed_count", { missed: result.missed.length, all: result.grid_words })),
    missedList(result, view.settings.dictionary),
  );
  stage.replaceChildren(
    h("div", { class: "daily-after" }, h("div", {}, mine, grid.el), h("div", {}, kept, missed, bestTable())),
  );
}

// --- drawing -----------------------------------------------------------------------------

/** @param {View | null | undefined} view */
function phase(view) {
  if (!view?.play) return "start";
  return view.play.over ? "ended" : "running";
}

function draw() {
  const view = state.data?.view;
  const now = phase(view);
  if (state.stageKey === null && now === "ended") state.already = true;
  const game = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
  dayLine.textContent = view
    ? `${game} · ${t("daily_day_so_far", { players: view.players, playing: view.playing })}`
    : game;
  const key = now === "ended" && view ? `ended:${view.players}:${view.best.length}` : now;
  if (key !== state.stageKey) {
    const before = state.stageKey;
    state.stageKey = key;
    rules.hidden = now === "start"; // said in the start's card
    if (now === "start") buildStart();
    else if (now === "running") buildRunning(/** @type {View} */ (view));
    else {
      buildEnded(/** @type {View & { result: Protocol.daily.ResultShown }} */ (view));
      // the play scrolled down to the word field: the results start at their top
      if (before === "running") document.getElementById("daily-results-title")?.scrollIntoView({ block: "start" });
    }
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
    load();
  }
}

setInterval(tick, 200);
// the day goes on while the results are up: the ranking again now and then
setInterval(() => {
  if (phase(state.data?.view) === "ended") load();
}, 30_000);
dayLine.textContent = `${DATA.day_text} · ${t(`preset.${DATA.preset}`)}`;
load();
