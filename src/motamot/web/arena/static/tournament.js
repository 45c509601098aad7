// @ts-check
// A Boggle tournament's round, played in an arena room: the way back to its tournament.
import { h, t } from "../common.js";

/**
 * The link back to the tournament: its page as this player came from it, where their
 * seat there is kept (`back`), else its public page; null for the arena's own rounds.
 * @param {Protocol.arena.ArenaSettingsShown} settings
 * @param {string | null} back
 */
export function tournamentLink(settings, back) {
  if (!settings.tournament) return null;
  const href = back ? `/r/${back}` : `/r/${settings.tournament}/watch`;
  return h(
    "p",
    { class: "arena-tournament" },
    h("a", { class: "button primary", href, id: "arena-back" }, t("arena_back_to_tournament")),
  );
}
