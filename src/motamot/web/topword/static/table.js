// @ts-check
// A Topword table: lobby, board, rack and turns, drawn from the seat's view, which the
// shared client folds the events into (this page folds the game's). The server decides
// what each seat sees: the page never holds anybody else's rack.
import { ChatPanel } from "../chat.js";
import { RoomClient, announce } from "../client.js";
import { DATA, LANG, h, nameEl, remainingText, replaceChanged, replaceKeepingFocus, t, tNodes } from "../common.js";
import { cellOf, drawBoard } from "./board.js";
import { Composer } from "./composer.js";
import { TURNS, foldTopword } from "./fold.js";
import { lobbyHead, lobbyParts, shareLinks } from "./waiting.js";
import { finalBlock, rematchAnswered } from "./end.js";
import { seatControls } from "../moderation.js";
import { play as sound, soundSwitch } from "../sounds.js";
import { scoreList, turnOf } from "./score.js";
import { contestControl } from "../contest.js";
import { numberText } from "../format.js";

/** @typedef {Protocol.topword.View} View */
/** @typedef {Protocol.topword.GameView} Game */
/** @typedef {Protocol.topword.TurnView} Turn */
/** @typedef {Game & Required<Pick<Game, "winners" | "final_scores" | "penalties">>} Finished a game over */

const root = /** @type {HTMLElement} */ (document.getElementById("table"));

// This player's arrangement of the rack, kept in this browser (a reload keeps it).
const RACK_KEY = `motamot.rack.${DATA.room}`;

/** @typedef {{ kind: "pass" | "exchange", tile?: string }} Confirm a pass or an exchange asked about */
/** @type {{ exchanging: boolean, resigning: boolean, confirm: Confirm | null, hints: { turn: number | undefined, moves: Protocol.topword.HintMove[] } | null }} */
const state = {
  exchanging: false,
  confirm: null, // « Passer » or a tile to exchange chosen: the question is shown
  resigning: false, // « Abandonner » pressed: the confirmation is shown
  hints: null, // the moves a hint suggested, for the turn they were asked on
};

const status = h("p", { class: "status", role: "status" });
const head = h("section", { class: "table-head" });
const boardBox = h("section", { class: "board", "aria-label": t("board") });
const side = h("section", { class: "side" });
// Typed letters land here (kept out of the redrawn board so it keeps the focus and a
// phone keeps its keyboard open).
const typeHere = h("input", {
  id: "type-here",
  class: "sr-only",
  "aria-label": t("board_hint"),
  autocomplete: "off",
  autocapitalize: "characters",
});
// A table talks freely during its game (docs/rules.md, C4); the panel sits under the side.
const chat = new ChatPanel();
// the guide's link joins the room bar (floated beside the table, it squeezed the board)
const guideLink = document.querySelector(".guide-link");
root.replaceChildren(
  h("div", { class: "room-bar" }, status, soundSwitch(), guideLink),
  head,
  boardBox,
  h("div", { class: "side-column" }, side, chat.el),
  typeHere,
);
root.removeAttribute("aria-busy");

/** @param {string} seat */
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

const TURN_ACTIONS = ["play", "pass", "exchange", "resign"];

/** The turn's action waiting for the server's answer (at most one: the buttons wait). */
function turnWaiting() {
  return client.waiting().find((entry) => TURN_ACTIONS.includes(entry.type)) ?? null;
}

/**
 * A turn's action (a move, a pass, an exchange, resigning): owned by the page until the
 * server answers (the draft stays on the board), sent again with its key if the socket
 * dies, for this turn only (`turn`: later, it is refused as too late, never played on
 * another board).
 * @param {string} type
 * @param {Record<string, unknown>} fields
 * @param {Record<string, unknown>} meta what the page shows of it
 */
function act(type, fields = {}, meta = {}) {
  const g = game();
  if (!g || turnWaiting()) return;
  client.send(type, { ...fields, turn: g.turn }, { ...meta, kind: type });
  announce(pendingText(turnWaiting()));
}

function play() {
  const fields = composer.moveFields();
  if (!fields) return;
  act("play", fields, { move: composer.moveLabel(fields) });
}

/**
 * What waits, in words: offline, it goes when the connection is back.
 * @param {import("../outbox.js").Pending | null} entry
 */
function pendingText(entry) {
  if (!entry) return "";
  if (!client.online && entry.type === "play") return t("tw_offline_move");
  if (entry.type === "play") return t("pending_move", { move: String(entry.meta.move) });
  if (entry.type === "exchange") return t("pending_exchange", { tile: String(entry.fields.tile) });
  return t(entry.type === "pass" ? "pending_pass" : "pending_resign");
}

const composer = new Composer({
  client: { ask: (...args) => client.ask(...args), say: (text) => client.say(text), unsay: () => client.unsay() },
  boardBox,
  typeHere,
  storageKey: RACK_KEY,
  board: () => /** @type {Game} */ (game()).board,
  active: () => game()?.finished === false && client.me !== null,
  redraw: () => draw(),
  submit: play,
  tapTile(index) {
    if (!state.exchanging) return false;
    ask({ kind: "exchange", tile: composer.order[index] });
    return true;
  },
});

// --- drawing ----------------------------------------------------------------------------

function lastTurn() {
  const turns = game()?.turns ?? [];
  return turns.at(-1) ?? null;
}

/**
 * A turn in words: nodes, the name isolated (<bdi>); `asText`: text for a screen reader (spoken, not laid out).
 * @param {Turn} turn
 * @returns {string | (string | Node)[]}
 */
function turnLine(turn, asText = false) {
  const name = asText ? nameOf(turn.seat) : nameEl(nameOf(turn.seat));
  const say = asText ? t : tNodes;
  if (turn.action === "play") return say("played_line", { name, move: turn.move, points: turn.points });
  if (turn.action === "exchange")
    return turn.tile ? say("exchanged_own", { name, tile: turn.tile }) : say("exchanged_line", { name });
  if (turn.action === "resign") return say("resigned_line", { name });
  return say(turn.timed_out ? "timed_out_line" : "passed_line", { name });
}

/** @param {Game} g */
function clockText(g) {
  if (!g.turn_deadline) return null;
  const left = Math.max(0, Math.ceil(g.turn_deadline - client.serverNow()));
  return h(
    "p",
    { class: `clock${left <= 10 ? " urgent" : ""}`, id: "clock" },
    t("clock_left", { left: remainingText(left) }),
  );
}

/** The players in turn order (the game's) or as they sat (the lobby's), with their badges. */
function playerList() {
  const view = /** @type {View} */ (client.view);
  const g = game();
  const rows = (g?.order ?? view.seats.filter((s) => s.present).map((s) => s.seat)).map((seat) => {
    const toPlay = g && !g.finished && g.current === seat;
    const score = g ? numberText(g.final_scores?.[seat] ?? g.scores[seat], LANG) : ""; // −35
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
      {
        class: [toPlay ? "to-play" : "", online ? "online" : known ? "offline" : "unknown"].join(" ").trim(),
        "data-seat": seat,
      },
      h("span", { class: "name" }, nameEl(nameOf(seat))),
      h("span", { class: "badges" }, badges.filter(Boolean).join(" · ")),
      h("span", { class: "count" }, String(score)),
      seatInfo ? seatControls(client, seatInfo) : null,
    );
  });
  return h("ul", { class: "players", "aria-label": t(g ? "scores" : "players") }, rows);
}

function drawHead() {
  const g = game();
  // the page's main heading, then the scores; in the lobby the heading, then the settings
  // (the players are in the side's card, as in a duplicate's lobby)
  /** @type {(Node | null)[]} */
  const parts = g ? [h("h1", { class: "table-name" }, t("table_title")), playerList()] : lobbyHead(client);
  if (client.watching && !client.dismissed) parts.push(h("p", { class: "watching" }, t("watching")));
  if (g) {
    parts.push(h("p", { class: "pile" }, t("pile", { count: g.pile })));
    const clock = clockText(g);
    if (clock) parts.push(clock);
    if (g.start_draws?.length) {
      const draws = g.start_draws.flatMap((draw, round) => [
        round ? " ; " : "",
        ...draw.flatMap(([seat, tile], i) => [i ? ", " : "", nameEl(nameOf(seat)), ` ${tile}`]),
      ]);
      parts.push(
        h("p", { class: "hint starter" }, tNodes("starter_drawn", { draws, name: nameEl(nameOf(g.starter)) })),
      );
    }
  }
  replaceKeepingFocus(head, ...parts); // a redraw keeps a « Signaler » form's focus
}

/** Who is connected changed: the players' list, in the head or (before the game) the lobby. */
function drawPlayers() {
  if (!client.view) return;
  drawHead();
  if (!game()) drawLobby();
}

function drawLobby() {
  // a « Signaler » form keeps its focus, the start button its place (a press is not lost)
  replaceChanged(side, ...lobbyParts(client, playerList()));
  boardBox.replaceChildren();
}

function drawBoardBox() {
  const g = /** @type {Game} */ (game()); // drawn only once the game started
  const last = lastTurn();
  const lit = new Set((last?.score?.placed ?? []).map((name) => cellOf(name)));
  const grid = h("div", { class: "board-box" });
  const seated = client.me !== null && !g.finished;
  const focused =
    /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.cell !== undefined &&
    boardBox.contains(document.activeElement);
  drawBoard(grid, { board: g.board, lit, ...composer.boardOptions() });
  /** @type {HTMLElement[]} */
  const parts = [grid];
  if (seated) parts.push(drawTray(g));
  parts.push(h("p", { class: "board-legend" }, t("board_legend")));
  replaceKeepingFocus(boardBox, ...parts); // a confirmation's focused button stays focused
  if (focused)
    /** @type {HTMLElement | null} */ (grid.querySelector(`[data-cell="${composer.focusCell}"]`))?.focus({
      preventScroll: true,
    });
}

/**
 * The tray under the board, kept in sight at the bottom of the screen while the board is
 * (a phone's, a desktop's): whose turn, the rack on one line, the turn's buttons, and
 * the confirmation a pass or an exchange asks first.
 * @param {Game} g
 */
function drawTray(g) {
  const waiting = turnWaiting();
  const mine = myTurn() && !waiting;
  if (!mine) state.confirm = null; // a question of a turn gone
  const whose = mine ? t("your_turn") : turnOf(nameOf(/** @type {string} */ (g.current)));
  const tiles = composer.rackTiles(state.exchanging ? "picking" : "");
  /** @type {(Node | null)[]} */
  const parts = [
    h("h2", { class: "sr-only" }, t("rack")),
    h("p", { class: `whose${mine ? " mine" : ""}`, id: "whose" }, whose),
    h("div", { class: "rack", id: "rack", "aria-label": t("rack"), role: "group" }, tiles),
  ];
  if (state.confirm) parts.push(confirmBlock(state.confirm));
  else parts.push(actionRow(mine, g));
  if (state.exchanging) parts.push(h("p", { class: "hint", id: "exchange-pick" }, t("exchange_pick")));
  return h("section", { class: "tray", id: "tray" }, parts);
}

/**
 * Play, take back, shuffle, pass, exchange.
 * @param {boolean} mine
 * @param {Game} g
 */
function actionRow(mine, g) {
  const button = (
    /** @type {string} */ id,
    /** @type {string} */ text,
    /** @type {() => void} */ onclick,
    off = false,
  ) => h("button", { type: "button", id, disabled: off, onclick }, text);
  const takeBack = () => {
    composer.clear();
    draw();
  };
  const exchange = h(
    "button",
    {
      type: "button",
      id: "exchange",
      disabled: !mine || g.pile === 0,
      "aria-pressed": state.exchanging ? "true" : "false",
      onclick: () => {
        state.exchanging = !state.exchanging;
        draw();
      },
    },
    t("exchange"),
  );
  return h(
    "div",
    { class: "row actions" },
    h("button", { type: "button", class: "primary", id: "play", disabled: !mine, onclick: play }, t("play")),
    button("take-back", t("take_back"), takeBack),
    button("shuffle", t("shuffle"), () => composer.shuffle()),
    button("pass", t("pass"), () => ask({ kind: "pass" }), !mine),
    exchange,
  );
}

/**
 * Ask before a pass or an exchange (a second step, as resigning): the question, « Oui »
 * and « Non », the focus on « Non ».
 * @param {Confirm} confirm
 */
function ask(confirm) {
  state.exchanging = false;
  state.confirm = confirm;
  draw();
  queueMicrotask(() => document.getElementById("confirm-no")?.focus());
}

/** @param {Confirm} confirm */
function confirmBlock(confirm) {
  const done = (/** @type {boolean} */ yes) => {
    state.confirm = null;
    if (yes && confirm.kind === "pass") act("pass");
    if (yes && confirm.kind === "exchange") act("exchange", { tile: confirm.tile });
    draw();
    if (!yes) queueMicrotask(() => document.getElementById(confirm.kind)?.focus());
  };
  const question = confirm.kind === "pass" ? t("pass_confirm") : t("exchange_confirm", { tile: confirm.tile ?? "" });
  return h(
    "div",
    { class: "confirm", id: "confirm", role: "alertdialog", "aria-labelledby": "confirm-question" },
    h("p", { id: "confirm-question" }, question),
    h(
      "p",
      { class: "row" },
      h(
        "button",
        { type: "button", class: "primary", id: "confirm-yes", onclick: () => done(true) },
        confirm.kind === "pass" ? t("pass_yes") : t("exchange_yes"),
      ),
      h("button", { type: "button", id: "confirm-no", onclick: () => done(false) }, t("confirm_no")),
    ),
  );
}

function drawPlay() {
  const g = /** @type {Game} */ (game()); // drawn only once the game started
  /** @type {(Node | null)[]} */
  const parts = [];
  const waiting = turnWaiting();
  const mine = myTurn() && !waiting;
  if (client.me !== null && !g.finished) {
    parts.push(h("p", { class: "hint" }, t("board_hint")));
    parts.push(composer.notationField());
    parts.push(composer.previewLine());
    if (waiting) parts.push(h("p", { class: "verdict waiting", id: "queued" }, pendingText(waiting)));
    parts.push(resignBlock(mine));
    if (mine && /** @type {View} */ (client.view).settings.hints) {
      parts.push(h("button", { type: "button", id: "ask-hint", onclick: () => client.ask("hint") }, t("hint")));
      if (state.hints?.turn === g.turn) parts.push(hintList(state.hints.moves));
    }
  }
  return parts;
}

/**
 * T21: « Abandonner », on one's turn, confirmed first (a second step in the page).
 * @param {boolean} mine
 */
function resignBlock(mine) {
  if (!state.resigning) {
    return h(
      "p",
      { class: "row" },
      h(
        "button",
        {
          type: "button",
          id: "resign",
          disabled: !mine,
          onclick: () => {
            state.resigning = true;
            draw();
            queueMicrotask(() => document.getElementById("resign-no")?.focus());
          },
        },
        t("resign"),
      ),
    );
  }
  const done = (/** @type {boolean} */ yes) => {
    state.resigning = false;
    if (yes) act("resign");
    draw();
  };
  return h(
    "section",
    { class: "card confirm", id: "resign-confirm", role: "alertdialog", "aria-labelledby": "resign-question" },
    h("p", { id: "resign-question" }, t("resign_confirm")),
    h(
      "p",
      { class: "row" },
      h(
        "button",
        { type: "button", class: "danger", id: "resign-yes", disabled: !mine, onclick: () => done(true) },
        t("resign_yes"),
      ),
      h("button", { type: "button", id: "resign-no", onclick: () => done(false) }, t("resign_no")),
    ),
  );
}

/** @param {Protocol.topword.HintMove[]} moves */
function hintList(moves) {
  return h(
    "ul",
    { class: "hints", id: "hints" },
    moves.map((move) =>
      h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "small", onclick: () => useHint(move.move) },
          t("preview_legal", { move: move.move, points: move.points }),
        ),
      ),
    ),
  );
}

/** @param {string} move */
function useHint(move) {
  composer.clear();
  draw();
  const notation = /** @type {HTMLInputElement} */ (document.getElementById("notation"));
  notation.value = move;
  composer.changed();
}

function drawSide() {
  const g = /** @type {Game} */ (game()); // drawn only once the game started
  const parts = drawPlay();
  if (g.finished) parts.push(finalBlock(client, /** @type {Finished} */ (g)));
  const last = lastTurn();
  if (last) {
    /** @type {Node[]} */
    const block = [h("h2", {}, t("last_move")), h("p", { class: "last" }, turnLine(last))];
    if (last.score)
      block.push(scoreList(last.score, /** @type {View} */ (client.view).settings.dictionary, client.me !== null));
    parts.push(h("section", { class: "card last-move", id: "last-move" }, block));
  }
  if (g.turns.length) {
    parts.push(
      h(
        "section",
        { class: "card" },
        h("h2", {}, t("turns")),
        h(
          "ol",
          { class: "turns" },
          g.turns.map((turn) => h("li", {}, turnLine(turn))),
        ),
      ),
    );
  }
  if (client.me === null || g.finished) parts.push(shareLinks(client));
  replaceKeepingFocus(side, ...parts);
}

function draw() {
  if (!client.view) return;
  root.classList.toggle("lobby", !game()); // no board yet: one column
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

/** This kind's part of the fold (the shared events are folded already: fold.js), and
 * what the page does of it: this seat's rack kept in its arrangement, a turn said aloud,
 * a move's sound.
 * @param {View} view
 * @param {Protocol.topword.Event} event
 */
function fold(view, event) {
  if (!foldTopword(view, event)) return false;
  if ("rack" in event && event.rack) composer.syncRack(event.rack);
  if (event.type === "topword.game_ended")
    // the game's end is what a player looks for next: brought into sight once drawn
    setTimeout(() => document.getElementById("final")?.scrollIntoView({ block: "start" }));
  const turn = event.type in TURNS ? view.game?.turns.at(-1) : undefined;
  if (turn) {
    announce(/** @type {string} */ (turnLine(turn, true)));
    if (turn.action === "play") sound("move");
  }
  return true;
}

const client = new RoomClient(
  {
    fold,
    draw,
    welcomed(view) {
      if (view.game?.rack) composer.syncRack(view.game.rack);
      // the move being composed, kept in this browser per room and seat (a reload keeps it)
      if (client.me !== null) composer.restoreDraft(`motamot.draft.${DATA.room}.${client.me}`);
    },
    presence: drawPlayers,
    pending: draw,
    answered(message, note) {
      client.unsay();
      if (note?.kind === "play") composer.reset();
      rematchAnswered(note);
      draw();
    },
    refused(message, note) {
      // the draft stays on the board, to change and play again
      const move = String(note?.move);
      client.say(note?.kind === "play" ? t("refused_move", { move, why: message.text }) : message.text);
      announce(client.status.textContent ?? "");
      // W5: a word the list refused may be contested from where the refusal is said
      const word = message.fields?.detail;
      if (message.code === "not_in_dictionary" && typeof word === "string" && client.me !== null)
        client.status.append(" ", contestControl(word));
      draw();
      return true;
    },
    frame(message) {
      if (message.type === "hint") {
        state.hints = { turn: game()?.turn, moves: /** @type {Protocol.topword.HintFrame} */ (message).moves };
        draw();
      } else if (message.type === "preview") composer.previewed(/** @type {Protocol.topword.PreviewFrame} */ (message));
    },
  },
  status,
);
chat.bind(client);
