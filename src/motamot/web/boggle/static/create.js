// @ts-check
// The home page's Boggle form: create a room (a link's grid and computer players again,
// when it carries them), then go to it.
import { DATA } from "../common.js";
import { createAndGo, typedName } from "../home.js";
import { DicePicker } from "./dicepick.js";

/** @typedef {import("../home.js").Form} Form */
/** @typedef {{ bots?: string[], seed?: string, origin?: string }} Defaults a link's defaults for the form */

const form = /** @type {Form} */ (document.getElementById("create"));

/** @param {string} name */
function numberOf(name) {
  const value = Number.parseInt(form.elements[name].value, 10);
  return Number.isFinite(value) ? value : 0;
}

/** The computer players of the room whose grid a link plays again, those still ticked. */
function sameBots() {
  const levels = /** @type {Defaults} */ (DATA.defaults).bots ?? [];
  return [.../** @type {NodeListOf<HTMLInputElement>} */ (form.querySelectorAll("input[name=same_bot]:checked"))]
    .map((box) => levels[Number(box.value)])
    .filter(Boolean);
}

/** @param {SubmitEvent} event */
async function create(event) {
  event.preventDefault();
  const error = /** @type {HTMLElement} */ (document.getElementById("create-error"));
  error.textContent = "";
  const name = typedName(form, error);
  if (!name) return;
  const byTarget = form.elements.match.value === "target";
  const level = form.elements.bot_level.value;
  /** @type {Record<string, unknown>} */
  const body = {
    name,
    preset: form.elements.preset.value,
    dictionary: form.elements.dictionary.value || null,
    duration: numberOf("duration"),
    rounds: byTarget ? null : numberOf("count"),
    target: byTarget ? numberOf("count") : null,
    verify_at_end: form.elements.verify.value === "end",
    extra_round_on_tie: form.elements.tie.value !== "shared",
    invalid_penalty: numberOf("penalty"),
    bots: [...sameBots(), ...Array.from({ length: numberOf("bot_count") }, () => level)].slice(0, 10),
    rated: form.elements.rated.checked,
    public: form.elements.public.checked,
    // « grille de la boîte »: the grid rolled with the real dice (never rated)
    box_grid: form.elements.box_grid.value.trim() || null,
    // B17: a scorer types the paper lists (a box room only: the server says so)
    box_scorer: form.elements.box_scorer.checked,
  };
  const defaults = /** @type {Defaults} */ (DATA.defaults);
  if (defaults.seed !== undefined) body.seed = defaults.seed;
  if (defaults.origin !== undefined) body.origin = defaults.origin;
  await createAndGo("/api/boggle", body, error);
}

if (form) {
  form.addEventListener("submit", create);
  // each preset has its own round duration (Big Boggle's is longer): the form starts from it
  form.elements.preset.addEventListener("change", () => {
    const chosen = form.elements.preset.selectedOptions[0];
    if (chosen?.dataset.duration) form.elements.duration.value = chosen.dataset.duration;
  });
}

// B16: the box's grid may be picked on a picture, among the chosen preset's dice
if (form) {
  const picker = new DicePicker("box-grid", () => form.elements.preset.value);
  document.getElementById("box-grid")?.closest("p")?.after(picker.el);
  form.elements.preset.addEventListener("change", () => picker.reset(false));
}
