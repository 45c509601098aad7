// A Boggle room: lobby, live round and results, drawn from the seat's view, which the
// shared client folds the events into (this page folds the rounds and the match).
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import { DATA, LANG, copyButton, h, labelled, nameEl, namesEl, reason, replaceKeepingFocus, t, tNodes, wiktionaryLink, writtenWord } from "../common.js";
import { seatControls } from "../moderation.js";
import { publicLine } from "../public.js";
import { play, soundSwitch } from "../sounds.js";
import { GridView } from "./grid.js";
import { showVerdict, verdictText } from "./verdict.js";

const root = document.getElementById("room");
// A word that counts for now (the others see how many): accepted, or written when the
// dictionary is checked at the end.
const STANDING = ["accepted", "written"];

const state = {
  notes: [], // refusals of words that were never written (after the deadline...)
  late: [], // of those, the ones refused because the round was over: the results say them
  waiting: [], // words typed while the socket was down, in order, sent when it is back
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
// C4: during a round, set phrases only (free text could give words away)
const chat = new ChatPanel({ freeText: () => !client.view?.round?.running, closedNote: "chat_in_round" });
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), stage, controls, people, chat.el, join, share);
root.removeAttribute("aria-busy");

/** Replace an element's children, leaving out the absent ones (null, false). */
function fill(el, ...children) {
  el.replaceChildren(...children.filter((child) => child !== null && child !== false && child !== undefined));
}


function nameOf(seat) {
  return client.nameOf(seat);
}

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
  const input = h("input", { id: "join-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    { class: "row" },
    h("label", { for: "join-name" }, t("your_name")),
    input,
    h("button", { type: "submit", class: "primary" }, t("join")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = (await client.join(input.value.trim())) ?? "";
  });
  join.replaceChildren(h("h2", {}, t("join_title")), form, error);
}

function drawPeople() {
  const view = client.view;
  const round = view.round;
  const running = round?.running;
  const items = view.seats
    .filter((s) => s.present)
    .map((s) => {
      const badges = [];
      if (s.seat === view.host) badges.push(t("host"));
      if (s.seat === client.me) badges.push(t("you"));
      if (s.bot) badges.push(`${t("bot")} · ${t(`level.${s.bot}`)}`);
      else if (!client.online) badges.push(t("unknown_presence"));
      else badges.push(client.presence.has(s.seat) ? t("connected") : t("away"));
      if (!running && !s.bot) badges.push(s.ready ? t("ready") : t("not_ready"));
      const count = running ? h("span", { class: "count" }, t(view.settings.verify_at_end ? "written_count" : "word_count", { count: round.counts[s.seat] ?? 0 })) : null;
      const remove =
        client.me === view.host && s.bot && !running
          ? h("button", { type: "button", class: "small", id: `remove-${s.seat}`, onclick: () => client.act("remove_bot", { seat: s.seat }) }, t("remove"), " ", nameEl(s.name))
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
  const view = client.view;
  const round = view.round;
  const running = round?.running;
  const isHost = client.me !== null && client.me === view.host;
  const buttons = [];
  const mine = view.seats.find((s) => s.seat === client.me);
  if (mine && !running) {
    buttons.push(
      h("button", { type: "button", id: "ready", "aria-pressed": String(mine.ready), onclick: () => client.act("ready", { ready: !mine.ready }) }, t("i_am_ready")),
    );
  }
  if (isHost && !running && !view.match.finished) {
    buttons.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => client.act("start") }, view.match.rounds_played ? t("next_round") : t("start_round")));
  }
  if (isHost && !running && view.match.finished) {
    buttons.push(h("button", { type: "button", class: "primary", id: "rematch", onclick: () => client.act("rematch") }, t("rematch")));
  }
  if (isHost && running) {
    buttons.push(h("button", { type: "button", id: "stop", onclick: () => client.act("stop") }, t("stop_round")));
  }
  if (isHost && !running) {
    const select = h("select", { id: "bot-level", "aria-label": t("bot_level") }, ["beginner", "intermediate", "advanced", "expert"].map((lv) => h("option", { value: lv }, t(`level.${lv}`))));
    select.value = "intermediate";
    buttons.push(h("span", { class: "row" }, select, h("button", { type: "button", id: "add-bot", onclick: () => client.act("add_bot", { level: select.value }) }, t("add_bot"))));
  }
  if (!isHost && client.me !== null && !running && !view.match.finished) buttons.push(h("p", { class: "hint" }, t("waiting_host")));
  if (client.watching && !client.dismissed) buttons.push(h("p", { class: "hint" }, t("watching")));
  buttons.push(publicLine(client));
  const level = document.getElementById("bot-level")?.value;
  replaceKeepingFocus(controls, ...buttons);
  const select = document.getElementById("bot-level");
  if (select && level) select.value = level; // the level chosen stays chosen
}

function settingsLine(settings) {
  const parts = [t(`preset.${settings.preset}`), labelled(t("dictionary"), settings.dictionary), `${settings.duration} s`];
  parts.push(settings.target ? labelled(t("target"), settings.target) : labelled(t("rounds"), settings.rounds));
  parts.push(labelled(t("verdict"), settings.verify_at_end ? t("verdict.end") : t("verdict.now")));
  if (settings.invalid_penalty) parts.push(labelled(t("penalty"), settings.invalid_penalty));
  return h("p", { class: "settings" }, parts.join(" · "));
}

/** Issue 26 item 8: a room playing grids chosen in advance says so to every player and
 * spectator, and where they come from (a room's grid is never fixed in secret). */
function chosenGrid(settings) {
  if (!settings.chosen_grid) return null;
  const origin = settings.origin ? h("a", { href: `/r/${settings.origin}/watch` }, t("chosen_grid_origin")) : null;
  return h("p", { class: "note", id: "chosen-grid" }, origin ? tNodes("chosen_grid_from", { origin }) : t("chosen_grid"));
}


// --- the round -----------------------------------------------------------------------

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
  const head = h("div", { class: "round-head" }, h("h1", {}, t("round_n", { number: round.number })), timer);
  if (client.me === null) {
    fill(stage, head, state.grid.el, chosenGrid(client.view.settings)); // a spectator writes nothing
  } else {
    fill(
      stage,
      head,
      state.grid.el,
      form,
      h("p", { id: "verdict", class: "verdict", "aria-hidden": "true" }),
      h("p", { id: "word-hint", class: "hint" }, t("word_hint")),
      chosenGrid(client.view.settings),
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
    const second = Math.ceil(left);
    if (second < ticked && second >= 1 && second <= 10) play("tick"); // the last ten seconds
    ticked = Math.min(ticked, second);
  };
  tick();
  state.ticker = setInterval(tick, 200);
}

function drawMyWords(round) {
  const list = document.getElementById("my-words");
  if (!list) return;
  const items = (round.words ?? []).map((w) =>
    h("li", { class: w.feedback === "accepted" ? "ok" : w.feedback === "written" ? "written" : "bad" }, verdictText(w)),
  );
  for (const note of state.notes) items.push(h("li", { class: "bad" }, note));
  for (const { text } of state.waiting) items.push(h("li", { class: "waiting" }, t("waiting_word", { word: text })));
  list.replaceChildren(...items.reverse());
}

function sendWord(text) {
  if (client.me === null) return;
  if (state.waiting.length || client.act("word", { text }, { word: text }) === null) {
    state.waiting.push({ text, round: client.view.round.number }); // kept, in order
    showVerdict(t("waiting_word", { word: text }), null);
    drawMyWords(client.view.round);
  }
}

/** A word refused because the round was over (typed offline, sent when the connection
 * came back): said in the round's words and, once the results are shown, above them. */
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
  box.hidden = state.late.length === 0;
  box.replaceChildren(h("h2", {}, t("late_title")), h("ul", {}, state.late.map((line) => h("li", {}, line))));
}

/** Back online: the words typed meanwhile go in the order they were typed (the referee
 * judges them as usual: one after the deadline is refused and said so). */
function sendWaiting() {
  while (state.waiting.length) {
    const { text, round } = state.waiting[0];
    if (client.view.round?.number !== round) tooLate(text, reason("after_deadline"));
    else if (client.act("word", { text }, { word: text }) === null) return;
    state.waiting.shift();
  }
  draw();
}

// --- the results ---------------------------------------------------------------------

function entryItem(entry, grid, written) {
  const label = entry.word ? writtenWord(entry.word, written) : entry.input;
  const detail =
    entry.status === "scored"
      ? t("points", { points: entry.points })
      : entry.status === "crossed"
        ? tNodes("crossed_by", { names: namesEl(entry.crossed_by) })
        : reason(entry.reason);
  const word = entry.status === "crossed" ? h("s", {}, label) : label;
  const hasPath = entry.path && entry.path.length > 0;
  const body = hasPath
    ? h("button", { type: "button", class: "word-button", onclick: () => showPath(grid, entry.path) }, word)
    : h("span", { class: "word-plain" }, word);
  const link = entry.status === "refused" || !entry.word ? null : wiktionaryLink(entry.word, written, client.view.settings.dictionary);
  return h("li", { class: entry.status }, body, link ? " " : null, link, " ", h("span", { class: "detail" }, detail));
}

/** A word's path lit on the grid, the grid brought into view first (on a phone it is
 * below the scores and the sheets). */
function showPath(grid, path) {
  grid.el.scrollIntoView({ block: "nearest" });
  grid.play(path);
}

/** « vous avez trouvé 12 mots sur 209 (31 pts sur 402) »: what a player, or the room,
 * found of the grid. */
function foundLine(result, name) {
  const all = result.grid_total;
  const found = name === null ? result.room_found : result.found?.[name];
  if (!all || !found) return null;
  const fields = { count: found.words, total: all.words, points: found.points, all_points: all.points, name: name === null ? "" : nameEl(name) };
  const key = name === null ? "found_room" : client.me !== null && result.seats[name] === client.me ? "found_you" : "found_player";
  return h("p", { class: "found" }, tNodes(key, fields));
}

function buildResults(round) {
  const result = round.result;
  const grid = new GridView(round.grid);
  state.grid = grid;
  const columns = result.players.map((player) =>
    h(
      "section",
      { class: "sheet card" },
      h("h3", {}, nameEl(player.player), " ", h("span", { class: "total" }, t("total", { total: player.total }))),
      foundLine(result, player.player),
      player.penalty ? h("p", { class: "penalty" }, t("penalty_line", { penalty: player.penalty })) : null,
      player.entries.length ? h("ul", {}, player.entries.map((e) => entryItem(e, grid, result.written))) : h("p", { class: "hint" }, t("no_words")),
    ),
  );
  const missed = [...(result.missed ?? [])].sort((a, b) => b.points - a.points || b.word.length - a.word.length || a.word.localeCompare(b.word));
  const shown = missed.slice(0, 40);
  const missedList = h(
    "ul",
    { class: "missed" },
    shown.map((w) => h("li", {}, h("button", { type: "button", class: "word-button", onclick: () => showPath(grid, w.path) }, writtenWord(w.word, result.written)), " ", wiktionaryLink(w.word, result.written, client.view.settings.dictionary), " ", h("span", { class: "detail" }, t("points", { points: w.points })))),
  );
  const settings = client.view.settings;
  const again = new URLSearchParams({
    preset: settings.preset,
    dictionary: settings.dictionary,
    duration: String(settings.duration),
    verify_at_end: settings.verify_at_end ? "1" : "0",
    invalid_penalty: String(settings.invalid_penalty),
    // the match as this room plays it, its computer players, the page's language
    ...(settings.target ? { target: String(settings.target) } : { rounds: String(settings.rounds) }),
    bots: client.view.seats.filter((s) => s.present && s.bot).map((s) => s.bot).join(","),
    lang: LANG,
    seed: String(result.seed),
    from: DATA.watch_id, // the room's id alone: the link may be shared with anybody
  });
  const againUrl = `${location.origin}/?${again}`;
  fill(
    stage,
    // the winner and the scores first (a phone opened on a full-screen grid), then the
    // sheets, then the grid their words light up
    h("h1", {}, t("results", { number: round.number })),
    h("p", { class: "winner" }, nobodyScored(result.players.map((p) => p.total)) ? t("no_round_winner") : tNodes("round_winner", { names: namesEl(result.winners) })),
    h("section", { class: "late card", id: "late-words", hidden: true }),
    foundLine(result, null),
    h("h2", {}, t("scoreboard")),
    scoreboard(),
    h("h2", {}, t("sheets")),
    h("p", { class: "hint" }, t("show_path")),
    h("div", { class: "sheets" }, columns),
    grid.el,
    h("h2", {}, t("missed")),
    missedList,
    missed.length > shown.length ? h("p", { class: "hint" }, t("missed_more", { count: missed.length - shown.length })) : null,
    h("h2", {}, t("same_grid")),
    h("p", { class: "hint" }, t("same_grid_hint")),
    h("p", { class: "link" }, h("a", { href: againUrl, id: "same-grid" }, t("same_grid")), " ", copyButton(againUrl)),
    chosenGrid(settings),
  );
}

/** B14: nobody won when nobody scored (everybody at 0 is not everybody winning). */
function nobodyScored(totals) {
  return totals.every((total) => total <= 0);
}

function scoreboard() {
  const match = client.view.match;
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
  const again = client.view.round !== null; // a rematch: rounds were played before
  fill(stage, h("h1", {}, t("room_title")), again ? h("p", { class: "note", id: "new-match" }, t("new_match")) : null, settingsLine(client.view.settings), chosenGrid(client.view.settings));
}

// --- drawing -------------------------------------------------------------------------

function draw() {
  const view = client.view;
  if (!view) return;
  const round = view.round;
  // after a rematch the last round's results belong to the match before: a new lobby
  const fresh = round && !round.running && view.match.rounds_played === 0;
  const phase = !round || fresh ? "lobby" : round.running ? "round" : "results";
  const key = `${phase}:${round?.number ?? 0}:${client.me}`;
  if (key !== state.stageKey) {
    state.stageKey = key;
    if (phase !== "round") clearInterval(state.ticker);
    if (phase === "round") {
      state.notes = [];
      state.late = [];
      buildRound(round);
    } else if (phase === "results") buildResults(round);
    else buildLobby();
  }
  if (phase === "round") drawMyWords(round);
  if (phase === "results") drawLate();
  // In the lobby the host's buttons come first; during a round, the grid does; after
  // it, the winner and the scores, then the buttons (a phone opens on the scores).
  // (moved only when it must: moving an element takes the focus out of it)
  const scores = stage.querySelector("table.scores");
  if (phase === "round" && stage.nextElementSibling !== controls) stage.after(controls);
  else if (phase === "results" && scores && scores.nextElementSibling !== controls) scores.after(controls);
  else if (phase === "lobby" && controls.nextElementSibling !== stage) stage.before(controls);
  drawPeople();
  drawControls();
  drawJoin();
  chat.draw();
}

// --- events --------------------------------------------------------------------------

/** This kind's part of the fold (the shared events are folded already): the rounds, the
 * words, the match (each event that changes it carries it as it stands). */
function fold(view, event) {
  if (event.match) view.match = event.match;
  const round = view.round;
  switch (event.type) {
    case "room.seat_taken":
    case "room.seat_left":
      for (const seat of view.seats) {
        seat.ready ??= false;
        if (seat.seat === event.seat && event.type === "room.seat_left") seat.ready = false;
      }
      return true;
    case "boggle.round_started":
      view.round = {
        number: event.number,
        grid: event.grid,
        start: event.start,
        deadline: event.deadline,
        running: true,
        players: [...event.players],
        counts: Object.fromEntries(event.players.map((seat) => [seat, 0])),
      };
      for (const seat of view.seats) if (event.players.includes(seat.seat)) seat.ready = false;
      announce(t("round_n", { number: event.number }));
      play("start");
      return true;
    case "boggle.word_written":
      if (!round.players.includes(event.seat)) round.players.push(event.seat);
      if (event.feedback !== undefined) {
        const { type, seq, seat, ...word } = event; // the writer's own word, with its verdict
        round.words = [...(round.words ?? []), word];
        round.counts[seat] = round.words.filter((w) => STANDING.includes(w.feedback)).length;
        announce(verdictText(word));
        showVerdict(verdictText(word), word.feedback === "accepted" || word.feedback === "written");
      } else round.counts[event.seat] = event.count ?? (round.counts[event.seat] ?? 0) + 1;
      return true;
    case "boggle.round_ended":
      Object.assign(round, { running: false, ended_at: event.at, stopped: event.stopped, result: event.result });
      play("end");
      return true;
    case "boggle.match_ended":
    case "boggle.match_reset":
      return true;
    default:
      return false;
  }
}

const client = new RoomClient(
  {
    fold,
    draw,
    online() {
      if (state.waiting.length) sendWaiting();
    },
    refused(message, note) {
      if (note?.word === undefined) return false;
      const line = message.code === "after_deadline" ? tooLate(note.word, message.text) : t("refused_word", { word: note.word, reason: message.text });
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
