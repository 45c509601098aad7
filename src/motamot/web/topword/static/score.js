// A move's itemised score and a refusal, in this page's language (the server's catalogue).
import { TEXTS, h, t, wiktionaryLink, writtenWord } from "../common.js";

/** A refusal code with its fields, in this page's language (the server's catalogue). */
export function refusalText(code, fields = {}) {
  const template = TEXTS.refusals[code] ?? code;
  return template.replace(/\{(\w+)(?:!r)?\}/g, (all, key) => (key in fields ? String(fields[key]) : all));
}

/** "PAIE 2 (P, A comptés dans PA et AN)": a word's score and the tiles counted elsewhere (T14). */
function wordText(word, written) {
  const base = `${writtenWord(word.word, written)} ${word.points}`;
  if (!word.not_counted?.length) return base;
  const letters = word.not_counted.map((s) => s.letter).join(", ");
  const words = [...new Set(word.not_counted.map((s) => s.counted_in))];
  const list = words.length > 1 ? TEXTS.score.last_of_list.replace("{rest}", words.slice(0, -1).join(", ")).replace("{last}", words.at(-1)) : words[0];
  const key = word.not_counted.length === 1 ? "counted_in_one" : "counted_in_many";
  return `${base} (${TEXTS.score[key].replace("{letters}", letters).replace("{words}", list)})`;
}

function bonusText(bonus) {
  if (bonus.kind.startsWith("letter_")) {
    const tile = bonus.kind.slice(7);
    return `${t("bonus.letter", { tile: tile === "qu" ? "Qu" : tile.toUpperCase() })} +${bonus.points}`;
  }
  return `${t(`bonus.${bonus.kind}`)} +${bonus.points}`;
}

/** The itemised score of a move: each word (as written, linked to its dictionary page:
 * `dictionary` the table's word list, none for a preview), each bonus. */
export function scoreList(score, dictionary = null) {
  return h(
    "ul",
    { class: "breakdown" },
    score.words.map((word) => h("li", {}, wordText(word, score.written), dictionary ? " " : null, dictionary ? wiktionaryLink(word.word, score.written, dictionary) : null)),
    score.bonuses.map((bonus) => h("li", { class: "bonus" }, bonusText(bonus))),
  );
}
