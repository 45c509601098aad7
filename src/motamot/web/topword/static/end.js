// @ts-check
// A Topword game's end: the winners, each final score (its T19 penalty said only when
// there is one), the record, the replay and the analysis, and the rematch: a new table
// with the same seats and settings that one player opens and the others are shown.
import { DATA, h, nameEl, namesEl, postJSON, t, tNodes } from "../common.js";

/** @typedef {Protocol.topword.View} View */
/** @typedef {Protocol.topword.GameView} Game */
/** @typedef {Game & Required<Pick<Game, "winners" | "final_scores" | "penalties">>} Finished a game over */
/** @typedef {import("../client.js").RoomClient<View, Protocol.topword.Event>} RoomClient */

/**
 * The create form's body for a table like this one: the same settings, this player's
 * name, and each other seat a person (who comes by the link) or the same computer level.
 * @param {View} view
 * @param {Finished} g
 * @param {string} me
 */
function rematchBody(view, g, me) {
  const seats = g.order
    .filter((seat) => seat !== me)
    .map((seat) => view.seats.find((s) => s.seat === seat)?.bot ?? "person");
  const { ruleset, dictionary, turn_seconds, bot_seconds, hints, public: open } = view.settings;
  const name = view.seats.find((s) => s.seat === me)?.name ?? "";
  return { name, ruleset, dictionary, turn_seconds, bot_seconds, hints, public: open, seats };
}

/**
 * « Revanche » (a player of the game, none offered yet) or « Rejoindre la revanche ».
 * @param {RoomClient} client
 * @param {Finished} g
 */
function rematchPart(client, g) {
  const view = /** @type {View} */ (client.view);
  if (view.rematch) {
    return h(
      "p",
      {},
      h("a", { class: "button primary", id: "rematch-join", href: `/r/${view.rematch}` }, t("rematch_join")),
    );
  }
  const me = client.me;
  const playing = me !== null && g.order.includes(me) && !view.seats.find((s) => s.seat === me)?.bot;
  if (!playing) return null;
  const error = h("p", { class: "error", role: "alert" });
  const button = h("button", { type: "button", class: "primary", id: "rematch" }, t("rematch"));
  button.addEventListener("click", async () => {
    button.setAttribute("disabled", "");
    const { answer, error: refused } = await postJSON("/api/topword", rematchBody(view, g, /** @type {string} */ (me)));
    if (refused) {
      error.textContent = refused;
      button.removeAttribute("disabled");
      return;
    }
    localStorage.setItem(`motamot.seat.${answer.room}`, JSON.stringify({ ...answer, kind: "topword" }));
    client.act("offer_rematch", { link: answer.room }, { kind: "rematch", link: answer.room });
  });
  return h("div", { class: "rematch" }, h("p", { class: "hint" }, t("rematch_hint")), h("p", {}, button), error);
}

/**
 * Once the rematch is offered (its answer), go to it; refused (another was offered
 * first), the page shows the one offered.
 * @param {Record<string, unknown> | undefined} note
 */
export function rematchAnswered(note) {
  if (note?.kind === "rematch") location.assign(`/r/${String(note.link)}`);
}

/**
 * @param {RoomClient} client
 * @param {Finished} g
 */
export function finalBlock(client, g) {
  const nameOf = (/** @type {string} */ seat) => client.nameOf(seat);
  return h(
    "section",
    { class: "card final", id: "final" },
    h("h2", {}, t("final")),
    h("p", { class: "winner" }, tNodes("winner", { names: namesEl(g.winners.map(nameOf)) })),
    h(
      "ul",
      {},
      g.order.map((seat) =>
        h(
          "li",
          {},
          tNodes(g.penalties[seat] ? "final_line_penalty" : "final_line", {
            name: nameEl(nameOf(seat)),
            score: g.final_scores[seat],
            penalty: g.penalties[seat],
          }),
        ),
      ),
    ),
    rematchPart(client, g),
    h(
      "p",
      { class: "row" },
      h("a", { href: `/r/${DATA.room}/record`, download: "" }, t("download")),
      h("a", { href: `/r/${DATA.room}/replay` }, t("replay")),
      h("a", { href: `/r/${DATA.room}/analysis` }, t("analysis")),
    ),
  );
}
