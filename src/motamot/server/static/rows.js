// @ts-check
// How the lobby writes a listed room in its kind's words: each kind's look
// (`WebKind.lobby_row`, the page's `DATA.rows`: the text keys of its rules, its clock and
// its computer players' levels). No DOM: tests/js/rows.test.js runs it under node.

/** @typedef {{ rules: string, clock: string, bot: string }} Look a kind's text keys */
/** @typedef {(key: string, fields?: Record<string, unknown>) => string} Say a page text */

/** A kind without a look is written with the listing's own words. */
export const PLAIN = { rules: "", clock: "clock.move", bot: "" };

/**
 * The words of a listed room, in its kind's look.
 * @param {Record<string, Look>} looks each kind's, by kind
 * @param {Say} t
 */
export function rowWords(looks, t) {
  /** @param {{ kind: string }} row */
  const lookOf = (row) => looks[row.kind] ?? PLAIN;
  return {
    /**
     * The game: its kind, then its rules unless they name the kind already.
     * @param {{ kind: string, variant: string }} row
     */
    game(row) {
      const kind = t(`kind.${row.kind}`);
      const rules = t(`${lookOf(row).rules}${row.variant}`);
      return rules.startsWith(kind) ? rules : `${kind} · ${rules}`;
    },
    /**
     * Its clock: `duration` a round's or a move's, as its kind counts.
     * @param {{ kind: string }} row
     * @param {string} duration
     */
    clock(row, duration) {
      return t(lookOf(row).clock, { duration });
    },
    /**
     * A computer player's name: its level, in its kind's words.
     * @param {{ kind: string }} row
     * @param {string} level
     */
    bot(row, level) {
      return t(`${lookOf(row).bot}${level}`);
    },
  };
}
