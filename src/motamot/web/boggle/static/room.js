// @ts-check
// A Boggle room: lobby, live round and results, drawn from the seat's view, which the
// shared client folds the events into (this page folds the rounds and the match).
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import {
  DATA,
  LANG,
  copyButton,
  h,
  labelled,
  nameEl,
  namesEl,
  replaceKeepingFocus,
  replaceChanged,
  t,
  tNodes,
} from "../common.js";
import { dictionaryName } from "../common.js";
import { joinParts } from "../join.js";
import { seatControls } from "../moderation.js";
import { publicLine } from "../public.js";
import { play, soundSwitch } from "../sounds.js";
import { foldBoggle } from "./fold.js";
import { GridView } from "./grid.js";
import { againLink, resultsView } from "./results.js";
import { drawPaper, panel as paper, scoringLine, showScoring } from "./paper.js";
import { boxNextForm } from "./box.js";
import { showVerdict, verdictText } from "./verdict.js";

/** @typedef {Protocol.boggle.View} View */
/** @typedef {Protocol.boggle.RoundView} Round */

const root = /** @type {HTMLElement} */ (document.getElementById("room"));

/**
 * @type {{ notes: string[], late: string[], stageKey: string | null,
 *   grid: GridView | null, ticker?: ReturnType<typeof setInterval> }}
 */
const state = {
  notes: [], // refusals of words that were never written (after the deadline...)
  late: [], // of those, the ones refused because the round was over: the results say them
  stageKey: null,
  grid: null,
};

// Fixed sections; only #stage and the lists are redrawn.
const status = h("p", { class: "status", role: "status" });
const share = h("section", { class: "share card", "aria-labelledby": "share-title" });
const join = h("section", { class: "join card", hidden: true });
const stage = h("section", { class: "stage" });
const people = h("section", { class: "people card", "aria-labelledby": "people-title" });
const controls = h("section", { class: "controls" });
// the host's less pressing tools (a computer player, the room in the lobby): by the
// players, so that the next round's button stays in a phone's first screen
const tools = h("section", { class: "controls tools" });
// C4: during a round, set phrases only (free text could give words away)
const chat = new ChatPanel({ freeText: () => !client.view?.round?.running, closedNote: "chat_in_round" });
// the guide's link joins the room bar (floated beside it, it stood off a centred lobby)
const guideLink = document.querySelector(".guide-link");
// A friend opening the link is asked their name right under the room's title, before
// the players and the chat (a phone shows one screen: the way in goes in it).
root.replaceChildren(
  h("div", { class: "room-bar" }, status, soundSwitch(), guideLink),
  stage,
  join,
  controls,
  paper,
  tools,
  people,
  chat.el,
  share,
);
root.removeAttribute("aria-busy");

/**
 * Replace an element's children, leaving out the absent ones (null, false).
 * @param {Element} el
 * @param {(Node | string | null | false | undefined)[]} children
 */
function fill(el, ...children) {
  el.replaceChildren(...children.filter((child) => child !== null && child !== false && child !== undefined));
}

/** The room as this seat sees it (the page draws only once the room welcomed it). */
function welcomedView() {
  return /** @type {View} */ (client.view);
}

/** @param {string} seat */
function nameOf(seat) {
  return client.nameOf(seat);
}

/** @param {number} seconds */
function formatTime(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function drawShare() {
  const invite = `${location.origin}/r/${DATA.room}`;
  const watch = `${location.origin}/r/${DATA.watch_id}/watch`; // the room's id alone: watch, not sit
  fill(
    share,
    client.watching ? null : h("h2", { id: "share-title" }, t("invite_link")),
    client.watching ? null : h("p", { class: "link" }, h("a", { href: invite }, invite), " ", copyButton(invite)),
    h("h2", client.watching ? { id: "share-title" } : {}, t("watch_link")),
    h("p", { class: "link" }, h("a", { href: watch }, watch), " ", copyButton(watch)),
  );
}

function drawJoin() {
  const seated = client.me !== null;
  join.hidden = seated || client.watching;
  if (join.hidden || join.firstChild) return;
  join.replaceChildren(...joinParts(client));
}

function drawPeople() {
  const view = welcomedView();
  const round = view.round;
  const running = round?.running;
  const items = view.seats
    .filter((s) => s.present)
    .map((s) => {
      const badges = [];
      if (s.seat === view.host) badges.push(t("host"));
      if (s.seat === client.me) badges.push(t("you"));
      if (s.bot) badges.push(`${t("bot")} · ${t(`level.${s.bot}`)}`);
      else if (s.paper)
        badges.push(t("paper.seat")); // B17: the scorer types their list
      else if (!client.online) badges.push(t("unknown_presence"));
      else badges.push(client.presence.has(s.seat) ? t("connected") : t("away"));
      if (!running && !s.bot && !s.paper) badges.push(s.ready ? t("ready") : t("not_ready"));
      const count = running
        ? h(
            "span",
            { class: "count" },
            t(view.settings.verify_at_end ? "written_count" : "word_count", { count: round.counts[s.seat] ?? 0 }),
          )
        : null;
      const remove =
        client.me === view.host && s.bot && !running
          ? h(
              "button",
              {
                type: "button",
                class: "small",
                id: `remove-${s.seat}`,
                onclick: () => client.act("remove_bot", { seat: s.seat }),
              },
              t("remove"),
              " ",
              nameEl(s.name),
            )
          : null;
      const online = s.bot || (client.online && client.presence.has(s.seat));
      const known = s.bot || client.online;
      return h(
        "li",
        { class: online ? "online" : known ? "offline" : "unknown", "data-seat": s.seat },
        h("span", { class: "name" }, nameEl(s.name)),
        h("span", { class: "badges" }, badges.join(" · ")),
        count,
        remove,
        seatControls(client, s),
      );
    });
  replaceKeepingFocus(people, h("h2", { id: "people-title" }, t("players")), h("ul", { class: "players" }, items));
}

function drawControls() {
  const view = welcomedView();
  const round = view.round;
  const running = round?.running;
  const isHost = client.me !== null && client.me === view.host;
  const buttons = [];
  const mine = view.seats.find((s) => s.seat === client.me);
  if (mine && !running) {
    buttons.push(
      h(
        "button",
        {
          type: "button",
          id: "ready",
          "aria-pressed": String(mine.ready),
          onclick: () => client.act("ready", { ready: !mine.ready }),
        },
        t("i_am_ready"),
      ),
    );
  }
  if (isHost && !running && !view.match.finished) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "primary", id: "start", onclick: () => client.act("start") },
        view.match.decider ? t("decider_round") : view.match.rounds_played ? t("next_round") : t("start_round"),
      ),
    );
  }
  if (isHost && !running && view.match.finished) {
    buttons.push(
      h(
        "button",
        { type: "button", class: "primary", id: "rematch", onclick: () => client.act("rematch") },
        t("rematch"),
      ),
    );
  }
  if (isHost && running) {
    const label = view.settings.box_scorer ? "paper.close" : "stop_round"; // B17: the lists typed
    buttons.push(h("button", { type: "button", id: "stop", onclick: () => client.act("stop") }, t(label)));
  }
  // B16: the dice rolled again on the table: the next grid typed or picked here
  if (isHost && !running && view.settings.box_grid) buttons.push(boxNextForm(client, view));
  const extra = [];
  if (isHost && !running) {
    const select = h(
      "select",
      { id: "bot-level", "aria-label": t("bot_level") },
      ["beginner", "intermediate", "advanced", "expert"].map((lv) => h("option", { value: lv }, t(`level.${lv}`))),
    );
    select.value = "intermediate";
    extra.push(
      h(
        "span",
        { class: "row" },
        select,
        h(
          "button",
          { type: "button", id: "add-bot", onclick: () => client.act("add_bot", { level: select.value }) },
          t("add_bot"),
        ),
      ),
    );
  }
  if (!isHost && client.me !== null && !running && !view.match.finished)
    buttons.push(h("p", { class: "hint" }, t("waiting_host")));
  if (client.watching && !client.dismissed) buttons.push(h("p", { class: "hint" }, t("watching")));
  extra.push(publicLine(client));
  const level = /** @type {HTMLSelectElement | null} */ (document.getElementById("bot-level"))?.value;
  const boxTyped = /** @type {HTMLInputElement | null} */ (document.getElementById("box-next"))?.value;
  replaceChanged(controls, ...buttons); // a press on « Lancer la manche » is not lost to a redraw
  const boxNext = /** @type {HTMLInputElement | null} */ (document.getElementById("box-next"));
  if (boxNext && boxTyped) boxNext.value = boxTyped; // what the host typed stays typed
  replaceChanged(tools, ...extra);
  const select = /** @type {HTMLSelectElement | null} */ (document.getElementById("bot-level"));
  if (select && level) select.value = level; // the level chosen stays chosen
}

/** @param {Protocol.boggle.SettingsShown} settings */
function settingsLine(settings) {
  const parts = [
    t(`preset.${settings.preset}`),
    labelled(t("dictionary"), dictionaryName(settings.dictionary)),
    `${settings.duration} s`,
  ];
  parts.push(
    settings.target
      ? labelled(t("target"), settings.target)
      : labelled(t("rounds"), /** @type {number} */ (settings.rounds)),
  );
  parts.push(labelled(t("verdict"), settings.verify_at_end ? t("verdict.end") : t("verdict.now")));
  parts.push(labelled(t("tie"), settings.extra_round_on_tie ? t("tie.decider") : t("tie.shared")));
  if (settings.invalid_penalty) parts.push(labelled(t("penalty"), settings.invalid_penalty));
  return h("p", { class: "settings" }, parts.join(" · "));
}

/** Issue 26 item 8: a room playing grids chosen in advance says so to every player and
 * spectator, and where they come from (a room's grid is never fixed in secret). */
/** @param {Protocol.boggle.SettingsShown} settings */
function chosenGrid(settings) {
  if (settings.box_grid)
    return h("p", { class: "note box-grid", id: "chosen-grid" }, t("box_grid_note", { grid: settings.box_grid }));
  if (!settings.chosen_grid) return null;
  const origin = settings.origin ? h("a", { href: `/r/${settings.origin}/watch` }, t("chosen_grid_origin")) : null;
  return h(
    "p",
    { class: "note", id: "chosen-grid" },
    origin ? tNodes("chosen_grid_from", { origin }) : t("chosen_grid"),
  );
}

// --- the round -----------------------------------------------------------------------

/** @param {Round} round */
function buildRound(round) {
  const input = h("input", {
    id: "word",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    maxlength: 64,
    "aria-describedby": "word-hint",
    enterkeyhint: "send",
  });
  const seated = client.me !== null;
  state.grid = new GridView(round.grid, {
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
  const timer = h("p", { class: "timer", role: "timer", "aria-label": t("time_left") }, "");
  const title = t(welcomedView().match.decider ? "round_decider" : "round_n", { number: round.number });
  const head = h("div", { class: "round-head" }, h("h1", {}, title), timer);
  const scoring = scoringLine();
  if (client.me === null) {
    fill(stage, head, scoring, state.grid.el, chosenGrid(welcomedView().settings)); // a spectator writes nothing
  } else {
    fill(
      stage,
      head,
      scoring,
      state.grid.el,
      form,
      h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }),
      h("p", { id: "word-hint", class: "hint" }, t("word_hint")),
      chosenGrid(welcomedView().settings),
      h("h2", {}, t("my_words")),
      h("ul", { class: "my-words", id: "my-words" }),
    );
    input.focus({ preventScroll: true });
  }
  clearInterval(state.ticker);
  let ticked = Math.ceil(round.deadline - client.serverNow());
  const tick = () => {
    const left = round.deadline - client.serverNow();
    timer.textContent = formatTime(left);
    timer.classList.toggle("urgent", left <= 10);
    showScoring(scoring, welcomedView(), client.serverNow()); // B17
    const second = Math.ceil(left);
    if (second < ticked && second >= 1 && second <= 10) play("tick"); // the last ten seconds
    ticked = Math.min(ticked, second);
  };
  tick();
  state.ticker = setInterval(tick, 200);
}

/** @param {Round} round */
function drawMyWords(round) {
  const list = document.getElementById("my-words");
  if (!list) return;
  const items = (round.words ?? []).map((w) =>
    h("li", { class: w.feedback === "accepted" ? "ok" : w.feedback === "written" ? "written" : "bad" }, verdictText(w)),
  );
  for (const note of state.notes) items.push(h("li", { class: "bad" }, note));
  items.push(...waitingItems());
  list.replaceChildren(...items.reverse());
}

/** The words typed that the server has not answered yet, in order, each « en attente »
 * (sent again, with its key, until the server says stored or why not). */
function waitingItems() {
  return client
    .waiting()
    .filter((entry) => entry.type === "word")
    .map((entry) => h("li", { class: "waiting" }, waitingText(/** @type {string} */ (entry.meta.word))));
}

/** @param {string} word */
function waitingText(word) {
  return t(client.online ? "pending_word" : "waiting_word", { word });
}

/** @param {string} text */
function sendWord(text) {
  if (client.me === null) return;
  const round = /** @type {Round} */ (welcomedView().round); // a word is written during a round
  // typed in this round: sent again once it is over, the referee says too late (B10)
  client.send("word", { text, round: round.number }, { word: text });
  showVerdict(waitingText(text), null);
}

/** A word refused because the round was over (typed offline, sent when the connection
 * came back): said in the round's words and, once the results are shown, above them
 * (with the words still waiting for their answer). */
/**
 * @param {string} word
 * @param {string} why
 */
function tooLate(word, why) {
  const line = t("refused_word", { word, reason: why });
  state.notes.push(line);
  state.late.push(line);
  return line;
}

/** The words that came too late, at the top of the results (or nothing). */
function drawLate() {
  const box = document.getElementById("late-words");
  if (!box) return;
  const waiting = waitingItems();
  box.hidden = state.late.length === 0 && waiting.length === 0;
  box.replaceChildren(
    h("h2", {}, t("late_title")),
    h(
      "ul",
      {},
      state.late.map((line) => h("li", {}, line)),
      waiting,
    ),
  );
}

// --- the results ---------------------------------------------------------------------

/** @param {Round & { result: Protocol.boggle.ResultShown }} round */
function buildResults(round) {
  const result = round.result;
  const settings = welcomedView().settings;
  const again = new URLSearchParams({
    preset: settings.preset,
    dictionary: settings.dictionary,
    duration: String(settings.duration),
    verify_at_end: settings.verify_at_end ? "1" : "0",
    invalid_penalty: String(settings.invalid_penalty),
    // the match as this room plays it, its computer players, the page's language
    ...(settings.target ? { target: String(settings.target) } : { rounds: String(settings.rounds) }),
    ...(settings.extra_round_on_tie ? {} : { tie: "shared" }),
    bots: welcomedView()
      .seats.filter((s) => s.present && s.bot)
      .map((s) => s.bot)
      .join(","),
    lang: LANG,
    seed: String(result.seed),
    from: DATA.watch_id, // the room's id alone: the link may be shared with anybody
  });
  const againUrl = `${location.origin}/?${again}`;
  const winner = h(
    "div",
    { class: "winner-box" },
    h(
      "p",
      { class: "winner" },
      nobodyScored(result.players.map((p) => p.total))
        ? t("no_round_winner")
        : tNodes("round_winner", { names: namesEl(result.winners) }),
    ),
    deciderNote(),
  );
  const { grid, nodes } = resultsView(
    round,
    { me: client.me, dictionary: settings.dictionary },
    { winner, scores: scoreboard(), again: [...againLink(againUrl), chosenGrid(settings)] },
  );
  state.grid = grid;
  fill(stage, ...nodes);
}

/** M2: the match's rounds are played and its top is tied: the next round decides,
 * and everybody is told so and who it is between (not a silent « Manche suivante »). */
function deciderNote() {
  const match = welcomedView().match;
  if (!match.decider) return null;
  const best = Math.max(...Object.values(match.totals));
  const leaders = Object.keys(match.totals).filter((seat) => match.totals[seat] === best);
  return h("p", { class: "note", id: "decider" }, tNodes("decider_note", { names: namesEl(leaders.map(nameOf)) }));
}

/** B14: nobody won when nobody scored (everybody at 0 is not everybody winning). */
/** @param {number[]} totals */
function nobodyScored(totals) {
  return totals.every((total) => total <= 0);
}

function scoreboard() {
  const match = welcomedView().match;
  const rows = Object.entries(match.totals)
    .sort((a, b) => b[1] - a[1])
    .map(([seat, total]) => h("tr", {}, h("th", { scope: "row" }, nameEl(nameOf(seat))), h("td", {}, String(total))));
  const caption = !match.finished
    ? t("after_rounds", { count: match.rounds_played })
    : nobodyScored(Object.values(match.totals))
      ? t("no_match_winner")
      : tNodes("match_won", { names: namesEl(match.winners.map(nameOf)) });
  return h("table", { class: "scores" }, h("caption", {}, caption), h("tbody", {}, rows));
}

function buildLobby() {
  const again = welcomedView().round !== null; // a rematch: rounds were played before
  fill(
    stage,
    h("h1", {}, t("room_title")),
    again ? h("p", { class: "note", id: "new-match" }, t("new_match")) : null,
    settingsLine(welcomedView().settings),
    chosenGrid(welcomedView().settings),
  );
}

// --- drawing -------------------------------------------------------------------------

function draw() {
  const view = client.view;
  if (!view) return;
  const round = view.round;
  // after a rematch the last round's results belong to the match before: a new lobby
  const fresh = round && !round.running && view.match.rounds_played === 0;
  const phase = !round || fresh ? "lobby" : round.running ? "round" : "results";
  root.classList.toggle("lobby", phase === "lobby"); // no grid to play yet: one column
  // the lobby says the box's grid: drawn again when the host types the next one (B16)
  const key = `${phase}:${round?.number ?? 0}:${client.me}:${phase === "lobby" ? view.settings.box_grid : ""}`;
  if (key !== state.stageKey) {
    state.stageKey = key;
    if (phase !== "round") clearInterval(state.ticker);
    if (phase === "round") {
      state.notes = [];
      state.late = [];
      buildRound(/** @type {Round} */ (round));
    } else if (phase === "results")
      buildResults(/** @type {Round & { result: Protocol.boggle.ResultShown }} */ (round));
    else buildLobby();
  }
  if (phase === "round") drawMyWords(/** @type {Round} */ (round));
  if (phase === "results") drawLate();
  // In the lobby the host's buttons come first; during a round, the grid does; after
  // it, the winner, then the buttons (the next round in the first screen of a phone),
  // then the grid beside the player's own sheet.
  // (moved only when it must: moving an element takes the focus out of it)
  const winner = stage.querySelector(".winner-box");
  if (phase === "round" && stage.nextElementSibling !== controls) stage.after(controls);
  else if (phase === "results" && winner && winner.nextElementSibling !== controls) winner.after(controls);
  else if (phase === "lobby" && controls.nextElementSibling !== stage) stage.before(controls);
  drawPeople();
  drawControls();
  drawPaper(client, view);
  drawJoin();
  chat.draw();
}

// --- events --------------------------------------------------------------------------

/** This kind's part of the fold (the shared events are folded already: fold.js), and
 * what the page says and plays of it: a round's start and end, the writer's verdicts. */
/**
 * @param {View} view
 * @param {Protocol.boggle.Event} event
 */
function fold(view, event) {
  if (!foldBoggle(view, event)) return false;
  switch (event.type) {
    case "boggle.round_started":
      announce(t("round_n", { number: event.number }));
      play("start");
      break;
    case "boggle.word_written":
      if (event.feedback === undefined) break; // the writer's own word has its verdict
      announce(verdictText(event));
      showVerdict(verdictText(event), event.feedback === "accepted" || event.feedback === "written");
      break;
    case "boggle.round_ended":
      play("end");
      break;
  }
  return true;
}

const client = new RoomClient(
  {
    fold,
    draw,
    pending: draw,
    refused(message, note) {
      if (note?.word === undefined) return false;
      const word = /** @type {string} */ (note.word); // a word's note: the word sent
      const line =
        message.code === "after_deadline"
          ? tooLate(word, message.text)
          : t("refused_word", { word, reason: message.text });
      if (message.code !== "after_deadline") state.notes.push(line);
      announce(line);
      showVerdict(line, false);
      draw();
      return true;
    },
  },
  status,
);
chat.bind(client);
drawShare();
