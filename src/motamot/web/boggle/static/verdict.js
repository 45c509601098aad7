// A word's verdict as the Boggle pages say it, on the line under the word field (the
// list of words may be off screen): the room, the arena and the daily grid share it.
import { reason, t } from "../common.js";

export function verdictText(word) {
  const shown = word.word ?? word.text;
  switch (word.feedback) {
    case "accepted":
      return t("accepted", { word: shown, points: word.points ?? 0 });
    case "written":
      return t("written", { word: shown });
    default:
      return t("refused_word", { word: shown, reason: reason(word.feedback) });
  }
}

/** `ok` null: not judged yet (waiting for the connection). */
export function showVerdict(text, ok) {
  const line = document.getElementById("verdict");
  if (!line) return;
  line.textContent = text;
  line.className = `verdict ${ok === null ? "waiting" : ok ? "ok" : "bad"}`;
}
