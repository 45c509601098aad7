// @ts-check
// « Contester » beside a word the referee refused (docs/rules.md W5), on every kind's
// page: a reason (optional), sent to the server's operator with the word and the room.
// Beside a word the referee accepted (the words of a move played), the same control asks
// for its removal.
// Each control draws itself (a page may build its results once); what was sent stays
// said for the page's life, however often the page draws the word again.
import { announce } from "./client.js";
import { DATA, h, postJSON, t } from "./common.js";

/** The words sent from this page (by "+WORD"), and what the server answered.
 * @type {Map<string, string>} */
const sent = new Map();
let counter = 0;

/** What was sent, and where its answer will be: the server's changelog (`/mots`).
 * @param {string} said */
function sentNote(said) {
  return h("span", { class: "contest-sent" }, said, " ", h("a", { href: "/mots" }, t("words.follow")));
}

/**
 * The control beside a refused `word` (folded, upper case); `remove`: beside an accepted
 * one, asking that it leave the list.
 * @param {string} word
 * @param {{ remove?: boolean }} [options]
 * @returns {HTMLElement}
 */
export function contestControl(word, { remove = false } = {}) {
  const key = `${remove ? "-" : "+"}${word}`;
  const label = t(remove ? "words.contest_remove_label" : "words.contest_label", { word });
  const el = h("span", { class: "contest", "data-word": key });
  const id = `contest-${++counter}`;
  const closed = () => {
    const said = sent.get(key);
    if (said !== undefined) return [sentNote(said)];
    return [
      h(
        "button",
        {
          type: "button",
          class: "small contest-open",
          "aria-label": label,
          "aria-expanded": "false",
          onclick: () => {
            el.replaceChildren(form());
            document.getElementById(`${id}-reason`)?.focus();
          },
        },
        t(remove ? "words.contest_remove" : "words.contest"),
      ),
    ];
  };
  /** @param {string} [error] */
  const form = (error) => {
    const reason = h("input", { id: `${id}-reason`, name: "reason", maxlength: "300", autocomplete: "off" });
    const box = h(
      "form",
      { class: "contest-form", "aria-label": label },
      h("label", { for: `${id}-reason` }, t(remove ? "words.reason_remove" : "words.reason")),
      reason,
      h("button", { type: "submit", class: "small primary" }, t("words.send")),
      h(
        "button",
        { type: "button", class: "small", onclick: () => el.replaceChildren(...closed()) },
        t("words.cancel"),
      ),
      error ? h("span", { class: "error", role: "alert" }, error) : null,
    );
    box.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = /** @type {HTMLInputElement} */ (reason).value;
      const { answer, error: refused } = await postJSON(`/api/rooms/${DATA.room}/contest`, {
        word,
        reason: text,
        remove,
      });
      if (refused) {
        el.replaceChildren(form(refused));
        return;
      }
      const said = t(answer.new ? "words.sent" : "words.sent_again");
      sent.set(key, said);
      // every control of this word on the page says it (another sheet may show it too)
      for (const other of document.querySelectorAll(`.contest[data-word="${key}"]`))
        other.replaceChildren(sentNote(said));
      announce(said);
    });
    return box;
  };
  el.replaceChildren(...closed());
  return el;
}
