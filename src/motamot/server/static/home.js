// The home page: create a room, then go to it with the creator's seat token kept.
import { DATA, LANG, t } from "./common.js";

const form = document.getElementById("create");

function numberOf(name) {
  const value = Number.parseInt(form.elements[name].value, 10);
  return Number.isFinite(value) ? value : 0;
}

async function create(event) {
  event.preventDefault();
  const error = document.getElementById("create-error");
  error.textContent = "";
  const name = form.elements.name.value.trim();
  if (!name) {
    error.textContent = `${t("your_name")} : ${t("name_rule", { limit: form.elements.name.maxLength })}`;
    form.elements.name.focus();
    return;
  }
  const byTarget = form.elements.match.value === "target";
  const level = form.elements.bot_level.value;
  const body = {
    name,
    preset: form.elements.preset.value,
    dictionary: form.elements.dictionary.value || null,
    duration: numberOf("duration"),
    rounds: byTarget ? null : numberOf("count"),
    target: byTarget ? numberOf("count") : null,
    verify_at_end: form.elements.verify.value === "end",
    invalid_penalty: numberOf("penalty"),
    bots: Array.from({ length: Math.min(10, numberOf("bot_count")) }, () => level),
  };
  if (DATA.defaults.seed !== undefined) body.seed = DATA.defaults.seed;
  if (DATA.defaults.origin !== undefined) body.origin = DATA.defaults.origin;
  const response = await fetch(`/api/rooms?lang=${LANG}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) {
    error.textContent = answer.text ?? answer.detail ?? answer.error ?? String(response.status);
    return;
  }
  localStorage.setItem(`motamot.seat.${answer.room}`, JSON.stringify(answer));
  location.assign(`/r/${answer.room}`);
}

if (form) {
  form.addEventListener("submit", create);
}
