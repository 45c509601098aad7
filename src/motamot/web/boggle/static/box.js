// @ts-check
// B16 between two rounds of a box room: the dice rolled again on the table, the host
// types the next grid or picks it on a picture (`dicepick.js`: kept over the page's
// redraws, so that the faces chosen stay chosen).
import { h, t } from "../common.js";
import { DicePicker } from "./dicepick.js";

/** @typedef {import("../client.js").Client} Client */

/** @type {DicePicker | null} */
let picker = null;
/** The round after which the picker was last emptied (a grid played, the dice roll again). */
let emptiedAfter = -1;

/**
 * The host's form for the next grid.
 * @param {Client} client
 * @param {Protocol.boggle.View} view
 */
export function boxNextForm(client, view) {
  const typed = h("input", {
    id: "box-next",
    maxlength: "120",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
  });
  picker ??= new DicePicker("box-next", () => view.settings.preset);
  picker.presetOf = () => view.settings.preset;
  const played = view.round?.number ?? 0;
  if (played !== emptiedAfter) {
    emptiedAfter = played;
    picker.reset(true); // the faces of the grid just played are no next grid
  }
  const form = h(
    "form",
    { class: "row box-next" },
    h("label", { for: "box-next" }, t("box_next")),
    typed,
    h("button", { type: "submit" }, t("box_set")),
    picker.el,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    client.act("box_grid", { grid: /** @type {HTMLInputElement} */ (typed).value });
  });
  return form;
}
