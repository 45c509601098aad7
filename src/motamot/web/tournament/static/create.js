// @ts-check
// The home page's tournament form: create it (signed in), then go to its page.
import { createAndGo, typedName } from "../home.js";

/** @typedef {import("../home.js").Form} Form */

const tournamentForm = /** @type {Form} */ (document.getElementById("create-tournament"));

/** @param {string} value */
function whole(value) {
  return Number.parseInt(value, 10);
}

/** @param {SubmitEvent} event */
async function createTournament(event) {
  event.preventDefault();
  const fields = tournamentForm.elements;
  const error = /** @type {HTMLElement} */ (document.getElementById("tournament-error"));
  error.textContent = "";
  const name = typedName(tournamentForm, error);
  if (!name) return;
  const body = {
    name,
    title: fields.title.value.trim(),
    format: fields.format.value,
    starts_in_minutes: whole(fields.starts_in_minutes.value),
    rounds: whole(fields.rounds.value),
    cap: whole(fields.cap.value),
    check_in_minutes: whole(fields.check_in_minutes.value),
    turn_seconds: whole(fields.turn_seconds.value),
    round_seconds: whole(fields.round_seconds.value),
    rated: fields.rated.checked,
  };
  await createAndGo("/api/tournament", body, error);
}

if (tournamentForm) tournamentForm.addEventListener("submit", createTournament);
