// @ts-check
// The home page's duplicate form: create a game (or play a finished game's draws again,
// from its link), then go to it.
import { t } from "../common.js";
import { createAndGo, typedName } from "../home.js";

/** @typedef {import("../home.js").Form} Form */

const duplicateForm = /** @type {Form} */ (document.getElementById("create-duplicate"));

/**
 * D10: what a numbered game's file holds that the form sends (null: not such a file).
 * @param {File} file
 */
async function numberedGame(file) {
  try {
    const game = JSON.parse(await file.slice(0, 4096).text());
    if (game?.kind !== "motamot-duplicate-game") return null;
    return { number: game.number, seed: String(game.seed), ruleset: game.ruleset, dictionary: game.dictionary };
  } catch {
    return null;
  }
}

/** @param {SubmitEvent} event */
async function createDuplicate(event) {
  event.preventDefault();
  const fields = duplicateForm.elements;
  const error = /** @type {HTMLElement} */ (document.getElementById("duplicate-error"));
  error.textContent = "";
  const name = typedName(duplicateForm, error);
  if (!name) return;
  const clock = Number.parseInt(fields.turn_seconds.value, 10);
  const live = fields.pace.value === "live";
  if (live && !Number.isFinite(clock)) {
    error.textContent = `${t("dup_turn_seconds")} : ${fields.turn_seconds.min}–${fields.turn_seconds.max}`;
    fields.turn_seconds.focus();
    return;
  }
  const pause = Number.parseInt(fields.pause_seconds.value || "0", 10);
  if (live && !Number.isFinite(pause)) {
    error.textContent = `${t("dup_pause_seconds")} : ${fields.pause_seconds.min}–${fields.pause_seconds.max}`;
    fields.pause_seconds.focus();
    return;
  }
  const body = {
    name,
    ruleset: fields.ruleset.value,
    dictionary: fields.dictionary.value || null,
    turn_seconds: live ? clock : null,
    pause_seconds: live ? pause : 0,
    arbiter: fields.arbiter.checked,
    solo_bonus: Number.parseInt(fields.solo_bonus.value || "0", 10) || 0,
    series: fields.series.value.trim() || null,
  };
  if (fields.seed) Object.assign(body, { seed: fields.seed.value, origin: fields.origin.value });
  const file = /** @type {HTMLInputElement} */ (/** @type {unknown} */ (fields.game_file)).files?.[0];
  if (file) {
    const game = await numberedGame(file); // D10: its draws, its rules; the server checks it all
    if (!game) {
      error.textContent = t("dup_import_bad");
      return;
    }
    Object.assign(body, game);
  }
  await createAndGo("/api/duplicate", body, error);
}

if (duplicateForm) duplicateForm.addEventListener("submit", createDuplicate);
