// A Topword table: lobby, board, rack and turns, drawn from the seat's view, which the
// shared client folds the events into (this page folds the game's). The server decides
// what each seat sees: the page never holds anybody else's rack.
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import { DATA, copyButton, durationText, h, labelled, nameEl, namesEl, remainingText, replaceKeepingFocus, t, tNodes } from "../common.js";
import { cellOf, drawBoard } from "./board.js";
import { Composer } from "./composer.js";
import { seatControls } from "../moderation.js";
import { publicLine } from "../public.js";
import { play as sound, soundSwitch } from "../sounds.js";
import { scoreList } from "./score.js";

const root = document.getElementById("table");

// This player's arrangement of the rack, kept in this browser (a reload keeps it).
const RACK_KEY = `motamot.rack.${DATA.room}`;

const state = {
  exchanging: false,
  resigning: false, // « Abandonner » pressed: the confirmation is shown
  hints: null, // the moves a hint suggested, for the turn they were asked on
  queued: null, // the move played while the socket was down (its fields as JSON), sent when it is back
};

const status = h("p", { class: "status", role: "status" });
const head = h("section", { class: "table-head" });
const boardBox = h("section", { class: "board", "aria-label": t("board") });
const side = h("section", { class: "side" });
// Typed letters land here (kept out of the redrawn board so it keeps the focus and a
// phone keeps its keyboard open).
const typeHere = h("input", { id: "type-here", class: "sr-only", "aria-label": t("board_hint"), autocomplete: "off", autocapitalize: "characters" });
// A table talks freely during its game (docs/rules.md, C4); the panel sits under the side.
const chat = new ChatPanel();
root.replaceChildren(h("div", { class: "room-bar" }, status, soundSwitch()), head, boardBox, h("div", { class: "side-column" }, side, chat.el), typeHere);
root.removeAttribute("aria-busy");

function nameOf(seat) {
  return client.nameOf(seat);
}

// --- the move composed (the shared composer), and what a table adds: an exchange -----------

function game() {
  return client.view?.game ?? null;
}

function myTurn() {
  const g = game();
  return g !== null && !g.finished && client.me !== null && g.current === client.me;
}

function play() {
  const fields = composer.moveFields();
  if (!fields) return;
  if (client.act("play", fields, { play: true }) !== null) return;
  // the socket is down: the move stays on the board and goes when the connection is back
  state.queued = JSON.stringify(fields);
  announce(t("tw_offline_move"));
  draw();
}

/** Back online: the move kept goes, if the board still shows it (the player may have
 * changed it since); the referee judges it as usual (a turn gone by is refused, said so,
 * and the draft stays). */
function sendQueued() {
  const queued = state.queued;
  state.queued = null;
  const fields = composer.moveFields();
  if (queued !== null && fields && JSON.stringify(fields) === queued) client.act("play", fields, { play: true });
  draw();
}

/** A turn's other actions (pass, exchange, resign): none is kept while offline, but the
 * player is told so rather than nothing happening. */
function act(type, fields = {}) {
  if (client.act(type, fields) !== null) return;
  client.say(t("tw_offline_action"));
  announce(t("tw_offline_action"));
}

const composer = new Composer({
  client: { ask: (...args) => client.ask(...args), say: (text) => client.say(text), unsay: () => client.unsay() },
  boardBox,
  typeHere,
  storageKey: RACK_KEY,
  board: () => game().board,
  active: () => game() !== null && !game().finished && client.me !== null,
  redraw: () => draw(),
  submit: play,
  tapTile(index) {
    if (!state.exchanging) return false;
    state.exchanging = false;
    act("exchange", { tile: composer.order[index] });
    return true;
  },
});

// --- drawing ----------------------------------------------------------------------------

function lastTurn() {
  const turns = game()?.turns ?? [];
  return turns.at(-1) ?? null;
}

/** A turn in words: nodes, the name isolated (<bdi>); `asText`: text for a screen reader (spoken, not laid out). */
function turnLine(turn, asText = false) {
  const name = asText ? nameOf(turn.seat) : nameEl(nameOf(turn.seat));
  const say = asText ? t : tNodes;
  if (turn.action === "play") return say("played_line", { name, move: turn.move, points: turn.points });
  if (turn.action === "exchange") return turn.tile ? say("exchanged_own", { name, tile: turn.tile }) : say("exchanged_line", { name });
  if (turn.action === "resign") return say("resigned_line", { name });
  return say("passed_line", { name });
}

function clockText(g) {
  if (!g.turn_deadline) return null;
  const left = Math.max(0, Math.ceil(g.turn_deadline - client.serverNow()));
  return h("p", { class: `clock${left <= 10 ? " urgent" : ""}`, id: "clock" }, t("clock_left", { left: remainingText(left) }));
}

function drawHead() {
  const view = client.view;
  const g = game();
  const rows = (g?.order ?? view.seats.filter((s) => s.present).map((s) => s.seat)).map((seat) => {
    const toPlay = g && !g.finished && g.current === seat;
    const score = g ? (g.final_scores?.[seat] ?? g.scores[seat]) : "";
    const seatInfo = view.seats.find((s) => s.seat === seat);
    const online = Boolean(seatInfo?.bot) || (client.online && client.presence.has(seat));
    const known = Boolean(seatInfo?.bot) || client.online;
    const resigned = (g?.turns ?? []).some((turn) => turn.seat === seat && turn.action === "resign");
    const badges = [
      resigned ? t("resigned_badge") : null,
      seatInfo?.bot ? t(`tw_level.${seatInfo.bot}`) : null,
      seat === client.me ? t("you") : null,
      // « connecté » only while this page's own socket is open and says so
      seatInfo?.bot ? null : online ? t("connected") : known ? t("away") : t("unknown_presence"),
      toPlay ? t("to_play") : null,
    ];
    return h(
      "li",
      { class: [toPlay ? "to-play" : "", online ? "online" : known ? "offline" : "unknown"].join(" ").trim(), "data-seat": seat },
      h("span", { class: "name" }, nameEl(nameOf(seat))),
      h("span", { class: "badges" }, badges.filter(Boolean).join(" · ")),
      h("span", { class: "count" }, String(score)),
      seatInfo ? seatControls(client, seatInfo) : null,
    );
  });
  // the page's main heading: the lobby's is beside it, the game's here, above the scores
  const parts = g ? [h("h1", { class: "table-name" }, t("table_title"))] : [];
  parts.push(h("ul", { class: "players", "aria-label": t("scores") }, rows));
  if (client.watching && !client.dismissed) parts.push(h("p", { class: "watching" }, t("watching")));
  if (g) {
    parts.push(h("p", { class: "pile" }, t("pile", { count: g.pile })));
    const clock = clockText(g);
    if (clock) parts.push(clock);
    if (g.start_draws?.length) {
      const draws = g.start_draws.flatMap((draw, round) => [round ? " ; " : "", ...draw.flatMap(([seat, tile], i) => [i ? ", " : "", nameEl(nameOf(seat)), ` ${tile}`])]);
      parts.push(h("p", { class: "hint starter" }, tNodes("starter_drawn", { draws, name: nameEl(nameOf(g.starter)) })));
    }
  }
  replaceKeepingFocus(head, ...parts); // a redraw keeps a « Signaler » form's focus
}

/** The seats kept for friends at creation that nobody took yet. */
function seatsAwaited(view) {
  const people = view.seats.filter((s) => s.present && !s.bot).length;
  return Math.max(0, (view.settings.seats_kept ?? 0) + 1 - people);
}

/** The table's settings in one line: rules, word list, clock, hints. */
function settingsLine(settings) {
  const parts = [t(`ruleset.${settings.ruleset}`), labelled(t("dictionary"), settings.dictionary)];
  parts.push(settings.turn_seconds ? t("tw_clock", { duration: durationText(settings.turn_seconds) }) : t("tw_no_clock"));
  parts.push(settings.hints ? t("tw_hints_on") : t("tw_hints_off"));
  return h("p", { class: "settings", id: "settings" }, parts.join(" · "));
}

function drawLobby() {
  const view = client.view;
  const parts = [h("h1", {}, t("table_title")), settingsLine(view.settings)];
  const seated = view.seats.filter((s) => s.present).length;
  const awaited = seatsAwaited(view);
  if (awaited) {
    const waiting = Array.from({ length: awaited }, (_, i) => h("li", { class: "waiting" }, t("seat_waiting", { number: seated + i + 1 })));
    parts.push(h("ul", { class: "waiting-seats", id: "waiting-seats" }, waiting));
  }
  if (client.me === null && !client.watching) parts.push(joinForm());
  if (client.me !== null && view.host === client.me) {
    parts.push(h("button", { type: "button", class: "primary", id: "start", onclick: () => client.act("start") }, t("start_game")));
    if (awaited) parts.push(h("p", { class: "hint", id: "awaited" }, t("start_awaited", { count: awaited })));
  } else parts.push(h("p", { class: "hint" }, t("waiting_start")));
  parts.push(publicLine(client));
  parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
  boardBox.replaceChildren();
}

function joinForm() {
  const input = h("input", { id: "join-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h("form", { class: "row" }, h("label", { for: "join-name" }, t("your_name")), input, h("button", { type: "submit", class: "primary" }, t("join")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = (await client.join(input.value.trim(), { kind: "topword" })) ?? "";
  });
  return h("section", { class: "card" }, h("h2", {}, t("join_title")), form, error);
}

function shareLinks() {
  const invite = `${location.origin}/r/${DATA.room}`;
  const watchLink = `${location.origin}/r/${DATA.watch_id}/watch`; // the id alone: watch only
  return h(
    "section",
    { class: "card share" },
    client.watching ? null : h("h2", {}, t("invite_link")),
    client.watching ? null : h("p", { class: "link" }, h("a", { href: invite }, invite), " ", copyButton(invite)),
    h("h2", {}, t("watch_link")),
    h("p", { class: "link" }, h("a", { href: watchLink }, watchLink), " ", copyButton(watchLink)),
  );
}

function drawBoardBox() {
  const g = game();
  const last = lastTurn();
  const lit = new Set((last?.score?.placed ?? []).map((name) => cellOf(name)));
  const grid = h("div", { class: "board-box" });
  const seated = client.me !== null && !g.finished;
  const focused = document.activeElement?.dataset?.cell !== undefined && boardBox.contains(document.activeElement);
  drawBoard(grid, { board: g.board, lit, ...composer.boardOptions() });
  const parts = [grid, h("p", { class: "board-legend" }, t("board_legend"))];
  if (seated) parts.push(drawRack(g));
  boardBox.replaceChildren(...parts);
  if (focused) grid.querySelector(`[data-cell="${composer.focusCell}"]`)?.focus({ preventScroll: true });
}

function drawRack() {
  const tiles = composer.rackTiles(state.exchanging ? "picking" : "");
  return h("div", { class: "rack-box" }, h("h2", {}, t("rack")), h("div", { class: "rack", id: "rack" }, tiles));
}

function drawPlay() {
  const g = game();
  const parts = [];
  const mine = myTurn();
  if (client.me !== null && !g.finished) {
    const whose = mine ? t("your_turn") : tNodes("turn_of", { name: nameEl(nameOf(g.current)) });
    parts.push(h("p", { class: `whose${mine ? " mine" : ""}`, id: "whose" }, whose));
    parts.push(h("p", { class: "hint" }, t("board_hint")));
    parts.push(composer.notationField());
    parts.push(composer.previewLine());
    parts.push(
      h(
        "div",
        { class: "row actions" },
        h("button", { type: "button", class: "primary", id: "play", disabled: !mine, onclick: play }, t("play")),
        h("button", { type: "button", id: "take-back", onclick: () => { composer.clear(); draw(); } }, t("take_back")),
        h("button", { type: "button", id: "shuffle", onclick: () => composer.shuffle() }, t("shuffle")),
        h("button", { type: "button", id: "pass", disabled: !mine, onclick: () => act("pass") }, t("pass")),
        h("button", { type: "button", id: "exchange", disabled: !mine || g.pile === 0, "aria-pressed": state.exchanging ? "true" : "false", onclick: () => { state.exchanging = !state.exchanging; draw(); } }, t("exchange")),
      ),
    );
    if (state.queued !== null) parts.push(h("p", { class: "verdict waiting", id: "queued" }, t("tw_offline_move")));
    if (state.exchanging) parts.push(h("p", { class: "hint" }, t("exchange_pick")));
    parts.push(resignBlock(mine));
    if (mine && client.view.settings.hints) {
      parts.push(h("button", { type: "button", id: "ask-hint", onclick: () => client.ask("hint") }, t("hint")));
      if (state.hints?.turn === g.turn) parts.push(hintList(state.hints.moves));
    }
  }
  return parts;
}

/** T21: « Abandonner », on one's turn, confirmed first (a second step in the page). */
function resignBlock(mine) {
  if (!state.resigning) {
    return h("p", { class: "row" }, h("button", { type: "button", id: "resign", disabled: !mine, onclick: () => { state.resigning = true; draw(); queueMicrotask(() => document.getElementById("resign-no")?.focus()); } }, t("resign")));
  }
  const done = (yes) => {
    state.resigning = false;
    if (yes) act("resign");
    draw();
  };
  return h(
    "section",
    { class: "card confirm", id: "resign-confirm", role: "alertdialog", "aria-labelledby": "resign-question" },
    h("p", { id: "resign-question" }, t("resign_confirm")),
    h("p", { class: "row" }, h("button", { type: "button", class: "danger", id: "resign-yes", disabled: !mine, onclick: () => done(true) }, t("resign_yes")), h("button", { type: "button", id: "resign-no", onclick: () => done(false) }, t("resign_no"))),
  );
}

function hintList(moves) {
  return h(
    "ul",
    { class: "hints", id: "hints" },
    moves.map((move) =>
      h("li", {}, h("button", { type: "button", class: "small", onclick: () => useHint(move.move) }, t("preview_legal", { move: move.move, points: move.points }))),
    ),
  );
}

function useHint(move) {
  composer.clear();
  draw();
  const notation = document.getElementById("notation");
  notation.value = move;
  composer.changed();
}

function drawSide() {
  const g = game();
  const parts = drawPlay();
  if (g.finished) parts.push(finalBlock(g));
  const last = lastTurn();
  if (last) {
    const block = [h("h2", {}, t("last_move")), h("p", { class: "last" }, turnLine(last))];
    if (last.score) block.push(scoreList(last.score, client.view.settings.dictionary));
    parts.push(h("section", { class: "card last-move", id: "last-move" }, block));
  }
  if (g.turns.length) {
    parts.push(h("section", { class: "card" }, h("h2", {}, t("turns")), h("ol", { class: "turns" }, g.turns.map((turn) => h("li", {}, turnLine(turn))))));
  }
  if (client.me === null || g.finished) parts.push(shareLinks());
  replaceKeepingFocus(side, ...parts);
}

function finalBlock(g) {
  const winners = namesEl(g.winners.map(nameOf));
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h2", {}, t("final")),
    h("p", { class: "winner" }, tNodes("winner", { names: winners })),
    h("ul", {}, g.order.map((seat) => h("li", {}, tNodes("final_line", { name: nameEl(nameOf(seat)), score: g.final_scores[seat], penalty: g.penalties[seat] })))),
    h(
      "p",
      { class: "row" },
      h("a", { href: `/r/${DATA.room}/record`, download: "" }, t("download")),
      h("a", { href: `/r/${DATA.room}/replay` }, t("replay")),
      h("a", { href: `/r/${DATA.room}/analysis` }, t("analysis")),
    ),
  );
}

function draw() {
  if (!client.view) return;
  drawHead();
  chat.draw();
  if (!game()) {
    drawLobby();
    return;
  }
  drawBoardBox();
  drawSide();
}

setInterval(() => {
  const g = game();
  if (!g?.turn_deadline) return;
  const clock = document.getElementById("clock");
  const fresh = clockText(g);
  if (clock && fresh) clock.replaceWith(fresh);
}, 1000);

// --- events ---------------------------------------------------------------------------

const TURNS = { "topword.played": "play", "topword.exchanged": "exchange", "topword.passed": "pass", "topword.resigned": "resign" };

/** This kind's part of the fold (the shared events are folded already): the game. */
function fold(view, event) {
  const g = view.game;
  switch (event.type) {
    case "topword.game_started": {
      const { type, seq, at, seed, rack, ...started } = event; // the order, the board, the pile...
      view.game = { ...started, turn: 1, scores: Object.fromEntries(event.order.map((seat) => [seat, 0])), turns: [], finished: false };
      if (rack) {
        view.game.rack = rack;
        composer.syncRack(rack);
      }
      return true;
    }
    case "topword.played":
    case "topword.exchanged":
    case "topword.passed":
    case "topword.resigned": {
      const turn = { seat: event.seat, action: TURNS[event.type], points: event.points ?? 0, total: event.total };
      for (const key of ["move", "score", "tile"]) if (event[key] !== undefined) turn[key] = event[key];
      g.turns.push(turn);
      g.turn = g.turns.length + 1;
      g.scores[event.seat] = event.total;
      Object.assign(g, { current: event.current, turn_deadline: event.turn_deadline, pile: event.pile, rack_sizes: event.rack_sizes });
      for (const { cell, tile, height } of event.tiles ?? []) {
        g.board.tops[cell] = tile;
        g.board.heights[cell] = height;
      }
      if (event.rack) {
        g.rack = event.rack;
        composer.syncRack(event.rack);
      }
      announce(turnLine(turn, true));
      if (turn.action === "play") sound("move");
      return true;
    }
    case "topword.game_ended": {
      const { reason, winners, final_scores, penalties, seed, racks, turns } = event;
      Object.assign(g, { current: null, turn_deadline: null, finished: true, end_reason: reason });
      Object.assign(g, { winners, final_scores, penalties, seed, racks, turns });
      return true;
    }
    default:
      return false;
  }
}

const client = new RoomClient(
  {
    fold,
    draw,
    welcomed(view) {
      if (view.game?.rack) composer.syncRack(view.game.rack);
    },
    presence: drawHead,
    online() {
      if (state.queued !== null) sendQueued();
    },
    answered(message, note) {
      client.unsay();
      if (note?.play) composer.reset();
    },
    frame(message) {
      if (message.type === "hint") {
        state.hints = { turn: game()?.turn, moves: message.moves };
        draw();
      } else if (message.type === "preview") composer.previewed(message);
    },
  },
  status,
);
chat.bind(client);
