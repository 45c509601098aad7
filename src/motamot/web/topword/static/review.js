// @ts-check
// After a Topword game: the replay (the board move by move) and the analysis (the best
// move at each turn and the points left on the table), from the server's JSON.
import { DATA, LANG, h, labelled, nameEl, t } from "../common.js";
import { numberText } from "../format.js";
import { cellOf, drawBoard } from "./board.js";
import { contestControl } from "../contest.js";

/** @typedef {import("../common.js").Child} Child */
/** @typedef {{ tops: string[], heights: number[] }} Board */
/**
 * The replay's answer (web/topword/api.py, `replay_json`): the board before the first
 * move, then after each turn with what the turn did.
 * @typedef {{ players: string[], steps: { board: Board, player?: string, played?: string, points?: number, total?: number,
 *   score?: { words: Protocol.topword.WordJson[] }, placed?: string[] }[] }} Replay
 */
/**
 * The analysis's answer (wire/topword.py, `analysis_json`): each turn against the best
 * move, and the points each player left on the table.
 * @typedef {{ turns: { turn: number, player: string, rack: string, played: string, points: number,
 *   best: string | null, best_points: number, given_up: number }[], given_up: Record<string, number> }} Analysis
 */

const root = /** @type {HTMLElement} */ (document.getElementById("table"));
root.removeAttribute("aria-busy");
root.classList.add("review-page"); // the page's whole width: not the table's two columns

/**
 * The finished game's replay or analysis (null: not over, said on the page).
 * @param {"replay" | "analysis"} kind
 */
async function load(kind) {
  const response = await fetch(`/api/tables/${DATA.room}/${kind}`);
  if (!response.ok) {
    root.replaceChildren(h("p", { class: "error" }, t("waiting_start")));
    return null;
  }
  return response.json();
}

/** A turn as the record writes it ("pass", "exchange T", "5E MAIN"), in the page's
 * language: the notation of a move is the same in both, the words are not.
 * @param {string} played
 */
function playedText(played) {
  if (played === "pass") return t("played.pass");
  if (played === "resign") return t("played.resign");
  const exchange = /^exchange (.+)$/.exec(played);
  return exchange ? t("played.exchange", { tile: exchange[1] }) : played;
}

function back() {
  return h("p", {}, h("a", { href: `/r/${DATA.room}` }, t("table_title")));
}

/**
 * Each player's total after each step (the replay gives the mover's only).
 * @param {Replay["steps"]} steps
 * @param {string[]} players
 */
function totalsAfter(steps, players) {
  /** @type {Record<string, number>} */
  const totals = Object.fromEntries(players.map((name) => [name, 0]));
  return steps.map((step) => {
    if (step.player !== undefined && step.total !== undefined) totals[step.player] = step.total;
    return { ...totals };
  });
}

/**
 * The list of moves to jump to: each turn, who, what and its points.
 * @param {Replay["steps"]} steps
 * @param {(index: number) => void} jump
 */
function moveList(steps, jump) {
  const items = steps
    .slice(1)
    .map((step, i) =>
      h(
        "li",
        {},
        h(
          "button",
          { type: "button", class: "step", "data-step": i + 1, onclick: () => jump(i + 1) },
          nameEl(step.player ?? ""),
          labelled("", `${playedText(step.played ?? "")}, ${t("points", { points: step.points })}`),
        ),
      ),
    );
  return h("ol", { class: "moves", id: "moves", "aria-label": t("turns") }, items);
}

async function replay() {
  const data = /** @type {Replay | null} */ (await load("replay"));
  if (!data) return;
  let index = data.steps.length - 1;
  const board = h("div", { class: "board-box" });
  const caption = h("p", { class: "last", id: "step" });
  const scores = h("p", { class: "scores-now", id: "scores-now" });
  const detail = h("div");
  const previous = h("button", { type: "button", id: "previous" }, t("previous"));
  const next = h("button", { type: "button", id: "next" }, t("next"));
  const { steps, players } = data;
  const totals = totalsAfter(steps, players);
  const jump = (/** @type {number} */ to) => {
    index = to;
    show();
  };
  const moves = moveList(steps, jump);
  function show() {
    const step = steps[index];
    drawBoard(board, { board: step.board, lit: new Set((step.placed ?? []).map(cellOf)) });
    caption.textContent = t("move_n", { number: index, total: steps.length - 1 });
    scores.replaceChildren(
      ...players.flatMap((name, i) => [i ? " · " : "", nameEl(name), ` ${numberText(totals[index][name], LANG)}`]),
    );
    for (const button of moves.querySelectorAll("button")) {
      const here = Number(/** @type {HTMLElement} */ (button).dataset.step) === index;
      if (here) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    }
    detail.replaceChildren(
      step.player
        ? h(
            "p",
            {},
            nameEl(step.player),
            labelled("", `${playedText(step.played ?? "")}, ${t("points", { points: step.points })} (${step.total})`),
          )
        : "",
      step.score
        ? h(
            "ul",
            { class: "breakdown" },
            // W5: a word played may be contested by the table's players (a removal)
            step.score.words.map((w) =>
              h("li", {}, `${w.word} ${w.points}`, " ", contestControl(w.word, { remove: true })),
            ),
          )
        : "",
    );
    previous.disabled = index === 0;
    next.disabled = index === steps.length - 1;
  }
  previous.addEventListener("click", () => {
    index = Math.max(0, index - 1);
    show();
  });
  next.addEventListener("click", () => {
    index = Math.min(data.steps.length - 1, index + 1);
    show();
  });
  root.replaceChildren(
    h("h1", {}, t("replay")),
    back(),
    h(
      "div",
      { class: "replay" },
      h("div", {}, board, h("div", { class: "row actions" }, previous, next), caption, scores, detail),
      h("section", { class: "card" }, h("h2", {}, t("turns")), moves),
    ),
  );
  show();
}

async function analysis() {
  const data = /** @type {Analysis | null} */ (await load("analysis"));
  if (!data) return;
  const labels = ["#", t("col.player"), t("col.rack"), t("col.played"), t("col.best"), t("col.left")];
  // each cell names its column: on a phone a row is a card of labelled lines (CSS)
  const cell = (/** @type {number} */ index, /** @type {Child} */ text) =>
    h("td", { "data-label": labels[index] }, text);
  const rows = data.turns.map((turn) =>
    h(
      "tr",
      { class: turn.given_up ? "given-up" : "" },
      cell(0, String(turn.turn)),
      cell(1, nameEl(turn.player)),
      cell(2, turn.rack),
      cell(3, `${playedText(turn.played)} (${turn.points})`),
      cell(4, turn.best ? `${turn.best} (${turn.best_points})` : "—"),
      cell(5, turn.given_up ? `−${turn.given_up}` : ""),
    ),
  );
  const totals = Object.entries(data.given_up).map(([player, points]) =>
    h("li", {}, nameEl(player), labelled("", t("points_left", { points }))),
  );
  root.replaceChildren(
    h("h1", {}, t("analysis")),
    back(),
    h("ul", { id: "given-up" }, totals),
    h(
      "div",
      { class: "scroll", tabindex: 0, role: "region", "aria-label": t("analysis") },
      h(
        "table",
        { class: "review" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            labels.map((label) => h("th", { scope: "col" }, label)),
          ),
        ),
        h("tbody", {}, rows),
      ),
    ),
  );
}

if (DATA.mode === "replay") replay();
else analysis();
