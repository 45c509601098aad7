// After a Topword game: the replay (the board move by move) and the analysis (the best
// move at each turn and the points left on the table), from the server's JSON.
import { DATA, h, t } from "../common.js";
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
      step.player ? h("p", {}, `${step.player} : ${step.played}, ${step.points} pt (${step.total})`) : "",
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
  const rows = data.turns.map((turn) =>
    h(
      "tr",
      { class: turn.given_up ? "given-up" : "" },
      h("td", {}, String(turn.turn)),
      h("td", {}, turn.player),
      h("td", {}, turn.rack),
      h("td", {}, `${turn.played} (${turn.points})`),
      h("td", {}, turn.best ? `${turn.best} (${turn.best_points})` : "—"),
      h("td", {}, turn.given_up ? `−${turn.given_up}` : ""),
    ),
  );
  const totals = Object.entries(data.given_up).map(([player, points]) => h("li", {}, `${player} : ${t("points_left", { points })}`));
  root.replaceChildren(
    h("h1", {}, t("analysis")),
    back(),
    h("ul", { id: "given-up" }, totals),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { class: "review" },
        h("thead", {}, h("tr", {}, ["#", t("col.player"), t("col.rack"), t("col.played"), t("col.best"), t("col.left")].map((label) => h("th", { scope: "col" }, label)))),
        h("tbody", {}, rows),
      ),
    ),
  );
}

if (DATA.mode === "replay") replay();
else analysis();
