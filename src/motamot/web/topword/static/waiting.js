// @ts-check
// A Topword table before its game starts: its settings, the seats still awaited, a
// newcomer's join form while a seat is free (T23), the host's start, the links to give.
import { DATA, copyButton, dictionaryName, durationText, h, labelled, t } from "../common.js";
import { joinCard } from "../join.js";
import { publicLine } from "../public.js";

/** @typedef {Protocol.topword.View} View */
/** @typedef {import("../client.js").RoomClient<View, Protocol.topword.Event>} RoomClient */

/**
 * The seats kept for friends at creation that nobody took yet.
 * @param {View} view
 */
function seatsAwaited(view) {
  const people = view.seats.filter((s) => s.present && !s.bot).length;
  return Math.max(0, (view.settings.seats_kept ?? 0) + 1 - people);
}

/**
 * The table's settings in one line: rules, word list, clock, hints.
 * @param {Protocol.topword.SettingsShown} settings
 */
function settingsLine(settings) {
  const parts = [t(`ruleset.${settings.ruleset}`), labelled(t("dictionary"), dictionaryName(settings.dictionary))];
  parts.push(
    settings.turn_seconds ? t("tw_clock", { duration: durationText(settings.turn_seconds) }) : t("tw_no_clock"),
  );
  parts.push(settings.hints ? t("tw_hints_on") : t("tw_hints_off"));
  return h("p", { class: "settings", id: "settings" }, parts.join(" · "));
}

/**
 * The head of the page before the game: its heading and the table's settings.
 * @param {RoomClient} client
 * @returns {(Node | null)[]}
 */
export function lobbyHead(client) {
  const view = /** @type {View} */ (client.view);
  return [h("h1", {}, t("table_title")), settingsLine(view.settings)];
}

/**
 * What the side shows before the game: the players and the seats awaited, the join form (a
 * free seat, T23) or the start, the links.
 * @param {RoomClient} client
 * @param {HTMLElement} players the players' list (with their badges and « Signaler »)
 */
export function lobbyParts(client, players) {
  const view = /** @type {View} */ (client.view);
  const seated = view.seats.filter((s) => s.present).length;
  const awaited = seatsAwaited(view);
  const seats = h("section", { class: "card lobby-players" }, h("h2", {}, t("players")), players);
  if (awaited) {
    const waiting = Array.from({ length: awaited }, (_, i) =>
      h("li", { class: "waiting" }, t("seat_waiting", { number: seated + i + 1 })),
    );
    seats.append(h("ul", { class: "waiting-seats", id: "waiting-seats" }, waiting));
  }
  /** @type {(Node | null)[]} */
  const parts = [seats];
  if (client.me === null && !client.watching)
    // T23: a table takes the seats it was set up with
    parts.push(
      seated < view.settings.seats
        ? joinCard(client, { kind: "topword" })
        : h("p", { class: "hint", id: "table-full" }, t("table_full_line")),
    );
  if (client.me !== null && view.host === client.me) {
    parts.push(
      h(
        "button",
        { type: "button", class: "primary", id: "start", onclick: () => client.act("start") },
        t("start_game"),
      ),
    );
    if (awaited) parts.push(h("p", { class: "hint", id: "awaited" }, t("start_awaited", { count: awaited })));
  } else parts.push(h("p", { class: "hint" }, t("waiting_start")));
  parts.push(publicLine(client));
  parts.push(shareLinks(client));
  return parts;
}

/**
 * The players' link and the spectators'.
 * @param {RoomClient} client
 */
export function shareLinks(client) {
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
