// @ts-check
// A word's verdict as the Boggle pages say it, on the line under the word field (the
// list of words may be off screen): the room, the arena and the daily grid share it.
import { reason, t } from "../common.js";

/**
 * A word's verdict in words: accepted and its points, written (checked at the end), or why
 * not (B12).
 * @param {{ word?: string | null, text?: string, feedback?: string, points?: number }} word
 */
export function verdictText(word) {
  const shown = word.word ?? word.text;
  switch (word.feedback) {
    case "accepted":
      return t("accepted", { word: shown, points: word.points ?? 0 });
    case "written":
      return t("written", { word: shown });
    default:
      return t("refused_word", { word: shown, reason: reason(word.feedback ?? "") });
  }
}

/**
 * Say a verdict on the line under the word field (`ok` null: not judged yet, waiting for
 * the connection).
 * @param {string} text
 * @param {boolean | null} ok
 */
export function showVerdict(text, ok) {
  const line = document.getElementById("verdict");
  if (!line) return;
  line.textContent = text;
  line.className = `verdict ${ok === null ? "waiting" : ok ? "ok" : "bad"}`;
}
