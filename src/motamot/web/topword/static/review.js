// After a Topword game: the replay (the board move by move) and the analysis (the best
// move at each turn and the points left on the table), from the server's JSON.
import { DATA, h, labelled, nameEl, t } from "../common.js";
import { cellOf, drawBoard } from "./board.js";

const root = document.getElementById("table");
root.removeAttribute("aria-busy");

async function load(kind) {
  const response = await fetch(`/api/tables/${DATA.room}/${kind}`);
  if (!response.ok) {
    root.replaceChildren(h("p", { class: "error" }, t("waiting_start")));
    return null;
  }
  return response.json();
}

/** A turn as the record writes it ("pass", "exchange T", "5E MAIN"), in the page's
 * language: the notation of a move is the same in both, the words are not. */
function playedText(played) {
  if (played === "pass") return t("played.pass");
  if (played === "resign") return t("played.resign");
  const exchange = /^exchange (.+)$/.exec(played);
  return exchange ? t("played.exchange", { tile: exchange[1] }) : played;
}

function back() {
  return h("p", {}, h("a", { href: `/r/${DATA.room}` }, t("table_title")));
}

async function replay() {
  const data = await load("replay");
  if (!data) return;
  let index = data.steps.length - 1;
  const board = h("div", { class: "board-box" });
  const caption = h("p", { class: "last", id: "step" });
  const detail = h("div");
  const previous = h("button", { type: "button", id: "previous" }, t("previous"));
  const next = h("button", { type: "button", id: "next" }, t("next"));
  function show() {
    const step = data.steps[index];
    drawBoard(board, { board: step.board, lit: new Set((step.placed ?? []).map(cellOf)) });
    caption.textContent = t("move_n", { number: index, total: data.steps.length - 1 });
    detail.replaceChildren(
      step.player ? h("p", {}, nameEl(step.player), labelled("", `${playedText(step.played)}, ${t("points", { points: step.points })} (${step.total})`)) : "",
      step.score ? h("ul", { class: "breakdown" }, step.score.words.map((w) => h("li", {}, `${w.word} ${w.points}`))) : "",
    );
    previous.disabled = index === 0;
    next.disabled = index === data.steps.length - 1;
  }
  previous.addEventListener("click", () => { index = Math.max(0, index - 1); show(); });
  next.addEventListener("click", () => { index = Math.min(data.steps.length - 1, index + 1); show(); });
  root.replaceChildren(h("h1", {}, t("replay")), back(), board, h("div", { class: "row actions" }, previous, next), caption, detail);
  show();
}

async function analysis() {
  const data = await load("analysis");
  if (!data) return;
  const labels = ["#", t("col.player"), t("col.rack"), t("col.played"), t("col.best"), t("col.left")];
  // each cell names its column: on a phone a row is a card of labelled lines (CSS)
  const cell = (index, text) => h("td", { "data-label": labels[index] }, text);
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
  const totals = Object.entries(data.given_up).map(([player, points]) => h("li", {}, nameEl(player), labelled("", t("points_left", { points }))));
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
        h("thead", {}, h("tr", {}, labels.map((label) => h("th", { scope: "col" }, label)))),
        h("tbody", {}, rows),
      ),
    ),
  );
}

if (DATA.mode === "replay") replay();
else analysis();
