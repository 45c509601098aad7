// @ts-check
// A move's itemised score, a refusal and whose turn it is, in this page's language (the
// server's catalogue).
import { LANG, TEXTS, h, nameEl, t, tNodes, wiktionaryLink, writtenWord } from "../common.js";
import { elides, fill } from "../format.js";
import { contestControl } from "../contest.js";

/** @typedef {{ words?: Protocol.topword.WordJson[], bonuses?: Protocol.topword.BonusJson[], written?: Record<string, string[]> }} Score */

/**
 * « au tour de Bob », « au tour d'Anne » (French elides before a vowel or an h): nodes, the
 * name isolated.
 * @param {string} name
 */
export function turnOf(name) {
  return tNodes(elides(name) ? "turn_of_elided" : "turn_of", { name: nameEl(name) });
}

/**
 * A refusal code with its fields, in this page's language (the server's catalogue).
 * @param {string} code
 * @param {object} fields the refusal's fields (a verdict's: its detail...)
 */
export function refusalText(code, fields = {}) {
  return fill(TEXTS.refusals[code] ?? code, /** @type {Record<string, unknown>} */ (fields), LANG);
}

/**
 * "PAIE 2 (P, A comptés dans PA et AN)": a word's score and the tiles counted elsewhere (T14).
 * @param {Protocol.topword.WordJson} word
 * @param {Record<string, string[]> | undefined} written
 */
function wordText(word, written) {
  const base = `${writtenWord(word.word, written)} ${word.points}`;
  if (!word.not_counted?.length) return base;
  const letters = word.not_counted.map((s) => s.letter).join(", ");
  const words = [...new Set(word.not_counted.map((s) => s.counted_in))];
  const list =
    words.length > 1
      ? fill(TEXTS.score.last_of_list, { rest: words.slice(0, -1).join(", "), last: words.at(-1) }, LANG)
      : words[0];
  const key = word.not_counted.length === 1 ? "counted_in_one" : "counted_in_many";
  return `${base} (${fill(TEXTS.score[key], { letters, words: list }, LANG)})`;
}

/** @param {Protocol.topword.BonusJson} bonus */
function bonusText(bonus) {
  if (bonus.kind.startsWith("letter_")) {
    const tile = bonus.kind.slice(7);
    return `${t("bonus.letter", { tile: tile === "qu" ? "Qu" : tile.toUpperCase() })} +${bonus.points}`;
  }
  return `${t(`bonus.${bonus.kind}`)} +${bonus.points}`;
}

/** The itemised score of a move: each word (as written, linked to its dictionary page:
 * `dictionary` the table's word list, none for a preview), each bonus; `contest`: each
 * word with « Contester » (W5: a seated player asks that it leave the list).
 * @param {Score} score
 * @param {string | null} dictionary
 * @param {boolean} [contest]
 */
export function scoreList(score, dictionary = null, contest = false) {
  return h(
    "ul",
    { class: "breakdown" },
    (score.words ?? []).map((word) =>
      h(
        "li",
        {},
        wordText(word, score.written),
        dictionary ? " " : null,
        dictionary ? wiktionaryLink(word.word, score.written, dictionary) : null,
        contest ? " " : null,
        contest ? contestControl(word.word, { remove: true }) : null,
      ),
    ),
    (score.bonuses ?? []).map((bonus) => h("li", { class: "bonus" }, bonusText(bonus))),
  );
}
