// @ts-check
// The home page: each kind's create form is posted by the kind's own module
// (`<kind>/create.js`, `WebKind.home`), which creates its room through `createAndGo`.
import { postJSON, t } from "./common.js";

/** @typedef {HTMLInputElement & HTMLSelectElement} Control a form's control by name: a field, a list, a group of radios */
/** @typedef {HTMLFormElement & { elements: HTMLFormControlsCollection & Record<string, Control> }} Form */

/**
 * Create the room or table, keep the creator's seat token in this browser, go to it.
 * @param {string} path
 * @param {Record<string, unknown>} body
 * @param {HTMLElement} errorLine
 */
export async function createAndGo(path, body, errorLine) {
  const { answer, error } = await postJSON(path, body);
  if (error) {
    errorLine.textContent = error;
    return;
  }
  localStorage.setItem(`motamot.seat.${answer.room}`, JSON.stringify(answer));
  location.assign(`/r/${answer.room}`);
}

/**
 * The creator's name typed in `form`; none (""): `errorLine` says the rule and the field
 * has the focus.
 * @param {Form} form
 * @param {HTMLElement} errorLine
 */
export function typedName(form, errorLine) {
  const name = form.elements.name.value.trim();
  if (!name) {
    errorLine.textContent = `${t("your_name")} : ${t("name_rule", { limit: form.elements.name.maxLength })}`;
    form.elements.name.focus();
  }
  return name;
}

/**
 * The kinds' forms are folded under their titles (`details`): a link to one (a game's
 * card, a link ending in its anchor) opens it, shows it and puts the focus in its first
 * field, so choosing a game leads straight to its form.
 * @param {string} hash
 */
function openForm(hash) {
  const target = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  const folded = target?.closest("details");
  if (!target || !folded) return false;
  folded.open = true;
  folded.scrollIntoView({ block: "start" });
  /** @type {HTMLElement | null} */ (folded.querySelector("input, select"))?.focus({ preventScroll: true });
  return true;
}

document.addEventListener("click", (event) => {
  const link = /** @type {Element} */ (event.target).closest?.('a[href^="#"]');
  if (!link) return;
  const hash = /** @type {string} */ (link.getAttribute("href"));
  if (openForm(hash)) {
    event.preventDefault();
    history.replaceState(null, "", hash);
  }
});
addEventListener("hashchange", () => openForm(location.hash));
if (location.hash) openForm(location.hash);
