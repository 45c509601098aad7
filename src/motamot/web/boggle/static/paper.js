// @ts-check
// B17: the scorer's tools in a box room with a scorer (docs/rules.md): between rounds, a
// seat for a person without a phone; during a round, each paper list typed under its
// player's name. Only the host sees them (the room refuses anybody else). Drawn once per
// round and seats, so that what the scorer types survives the page's redraws.
import { h, t } from "../common.js";

/** @typedef {import("../client.js").Client} Client */

export const panel = h("section", { class: "paper card", hidden: true, "aria-labelledby": "paper-title" });
let drawnKey = "";

/**
 * Draw the scorer's tools for `view` (hidden unless this seat is the host of a room with
 * a scorer).
 * @param {Client} client
 * @param {Protocol.boggle.View} view
 */
export function drawPaper(client, view) {
  const round = view.round;
  const scorer = view.settings.box_scorer && client.me !== null && client.me === view.host;
  const people = view.seats.filter((s) => s.present && !s.bot);
  const running = Boolean(round?.running);
  const key = `${scorer}:${running}:${round?.number ?? 0}:${people.map((s) => `${s.seat}=${s.name}`).join(",")}`;
  panel.hidden = !scorer || view.match.finished;
  if (key === drawnKey) return;
  drawnKey = key;
  if (!scorer) return panel.replaceChildren();
  const title = h("h2", { id: "paper-title" }, t("paper.title"));
  if (running) panel.replaceChildren(title, listsForm(client, people, /** @type {number} */ (round?.number)));
  else panel.replaceChildren(title, seatForm(client));
}

/**
 * The form that seats a person without a phone.
 * @param {Client} client
 */
function seatForm(client) {
  const name = h("input", { id: "paper-name", maxlength: "40", autocomplete: "off" });
  const form = h(
    "form",
    { class: "row paper-seat" },
    h("label", { for: "paper-name" }, t("paper.add")),
    name,
    h("button", { type: "submit" }, t("paper.add_button")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const typed = /** @type {HTMLInputElement} */ (name);
    if (!typed.value.trim()) return;
    client.act("paper_seat", { name: typed.value.trim() });
    typed.value = "";
  });
  return form;
}

/**
 * The form where the scorer types one player's paper list: whose, then the words.
 * @param {Client} client
 * @param {Protocol.boggle.ReadySeatView[]} people
 * @param {number} number the round's
 */
function listsForm(client, people, number) {
  const whose = h(
    "select",
    { id: "paper-whose" },
    people.map((s) => h("option", { value: s.seat }, s.paper ? `${s.name} (${t("paper.seat")})` : s.name)),
  );
  const words = h("textarea", {
    id: "paper-words",
    rows: "4",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
  });
  const said = h("p", { class: "note", id: "paper-sent", role: "status" });
  const form = h(
    "form",
    { class: "paper-lists" },
    h("p", { class: "field" }, h("label", { for: "paper-whose" }, t("paper.whose")), whose),
    h("p", { class: "field" }, h("label", { for: "paper-words" }, t("paper.words")), words),
    h("button", { type: "submit", class: "primary" }, t("paper.send")),
    said,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const box = /** @type {HTMLTextAreaElement} */ (words);
    const seat = /** @type {HTMLSelectElement} */ (whose).value;
    const list = box.value.split(/[\s,;]+/).filter(Boolean);
    for (const text of list) client.act("word", { text, round: number, seat });
    const name = people.find((s) => s.seat === seat)?.name ?? "";
    said.textContent = t("paper.sent", { count: list.length, name });
    box.value = "";
    box.focus();
  });
  return form;
}

/** The line under the round's title that says the hourglass is over and the scorer
 * types the paper lists (hidden until then: `showScoring`). */
export function scoringLine() {
  return h("p", { class: "note", id: "scoring", role: "status", hidden: true });
}

/**
 * Show or hide the scoring line for `view` at the referee's time `now`.
 * @param {HTMLElement} line
 * @param {Protocol.boggle.View} view
 * @param {number} now
 */
export function showScoring(line, view, now) {
  const round = view.round;
  const waiting = Boolean(view.settings.box_scorer && round?.running && now >= round.deadline);
  line.hidden = !waiting;
  line.textContent = waiting ? t("paper.waiting") : "";
}
