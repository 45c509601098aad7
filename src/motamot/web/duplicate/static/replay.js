// @ts-check
// After a duplicate game: its replay, the board turn by turn with the rack everybody
// played, the top laid (its cells lit) and who found it, then the final standings (D6),
// from the server's JSON (/api/duplicate/<room>/replay).
import { DATA, LANG, h, labelled, nameEl, namesEl, t, tNodes } from "../common.js";
import { percentText } from "../format.js";
import { drawBoard } from "../topword/board.js";

/**
 * The replay's answer (web/duplicate/api.py, `replay_json`): the board before the first
 * turn, then after each one with its rack, its top and who found it; the standings.
 * @typedef {{ tops: string[], heights: number[] }} Board
 * @typedef {{ board: Board, number?: undefined, placed?: undefined }} FirstStep
 * @typedef {{ board: Board, number: number, rack: string[], top: string | null, points: number, top_total: number,
 *   found_by: string[], placed: number[] }} TurnStep
 * @typedef {FirstStep | TurnStep} Step
 * @typedef {{ steps: Step[], standings: (Protocol.duplicate.Standing & { name: string })[], top_total: number,
 *   ruleset: string }} Replay
 */

const root = /** @type {HTMLElement} */ (document.getElementById("duplicate"));
root.removeAttribute("aria-busy");

/** @param {number} gap */
function gapText(gap) {
  return gap < 0 ? `−${-gap}` : String(gap);
}

/** @param {Replay["standings"]} standings */
function standingsTable(standings) {
  const labels = [t("col.rank"), t("col.player"), t("col.total"), t("col.gap"), t("col.share")];
  const rows = standings.map((s) =>
    h(
      "tr",
      {},
      [String(s.rank), nameEl(s.name), String(s.total), gapText(s.gap), percentText(s.percent, LANG)].map((text) =>
        h("td", {}, text),
      ),
    ),
  );
  return h(
    "div",
    { class: "scroll", tabindex: 0, role: "region", "aria-label": t("dup_standings") },
    h(
      "table",
      { class: "standings" },
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
  );
}

/**
 * « Le plateau sur la table » (T20) with a draw: the board before the turn, its rack
 * (`Q` the Qu tile, as a rack is typed).
 * @param {Board} board
 * @param {string[]} rack
 * @param {string} ruleset
 */
function analyseLink(board, rack, ruleset) {
  const cells = board.heights.map((height, i) => (height ? board.tops[i] + (height > 1 ? height : "") : "."));
  const rows = Array.from({ length: 10 }, (_, r) => cells.slice(r * 10, r * 10 + 10).join(""));
  const query = new URLSearchParams({
    position: rows.join("/"),
    chevalet: rack.map((l) => (l === "Qu" ? "Q" : l)).join(""),
    regles: ruleset,
  });
  return `/topword/analyse?${query}`;
}

/** @param {string[]} names */
function foundText(names) {
  return names.length ? tNodes("dup_found_by", { names: namesEl(names) }) : t("dup_found_by_nobody");
}

async function replay() {
  const response = await fetch(`/api/duplicate/${DATA.room}/replay`);
  const back = h("p", {}, h("a", { href: `/r/${DATA.room}` }, t("duplicate_title")));
  if (!response.ok) {
    root.replaceChildren(h("h1", {}, t("replay")), back, h("p", { class: "error" }, t("dup_not_over")));
    return;
  }
  const data = /** @type {Replay} */ (await response.json());
  let index = data.steps.length - 1;
  const board = h("div", { class: "board-box" });
  const caption = h("p", { class: "last", id: "step" });
  const detail = h("div", { id: "step-detail" });
  const previous = h("button", { type: "button", id: "previous" }, t("previous"));
  const next = h("button", { type: "button", id: "next" }, t("next"));
  function show() {
    const step = data.steps[index];
    drawBoard(board, { board: step.board, lit: new Set(step.placed ?? []) });
    caption.textContent = t("move_n", { number: index, total: data.steps.length - 1 });
    detail.replaceChildren(
      ...(step.number === undefined
        ? []
        : [
            h("p", {}, labelled(t("col.draw"), step.rack.join(" "))),
            h(
              "p",
              { class: "top-line" },
              step.top ? t("dup_top_line", { move: step.top, points: step.points }) : t("dup_no_top"),
            ),
            step.top ? h("p", {}, foundText(step.found_by)) : "", // (null would be written "null")
            h("p", {}, t("dup_top_total", { points: step.top_total })),
            h(
              "p",
              {},
              h(
                "a",
                { id: "analyse-draw", href: analyseLink(data.steps[index - 1].board, step.rack, data.ruleset) },
                t("dup_analyse"),
              ),
            ),
          ]),
    );
    previous.disabled = index === 0;
    next.disabled = index === data.steps.length - 1;
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
    h("div", { class: "dup-head" }, h("h1", {}, t("replay")), back),
    h("div", { class: "dup-main" }, board, h("div", { class: "row actions" }, previous, next), caption, detail),
    h(
      "section",
      { class: "card side", id: "standings" },
      h("h2", {}, t("dup_standings")),
      h("p", {}, t("dup_top_total", { points: data.top_total })),
      standingsTable(data.standings),
      h("p", {}, h("a", { href: `/api/duplicate/${DATA.room}/record`, download: "", id: "record" }, t("download"))),
    ),
  );
  show();
}

replay();
