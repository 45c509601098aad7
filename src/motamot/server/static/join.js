// @ts-check
// The form a visitor of a room's link fills in to take a seat: every kind's page shows the
// same one (a name, « Rejoindre », the room's refusal under it).
import { DATA, h, t } from "./common.js";

/**
 * The heading, the form and its error line; the form sits the visitor down as the name
 * they typed.
 * @param {import("./client.js").RoomClient<any, any>} client
 * @param {Record<string, unknown>} [saved] what this browser keeps of the seat besides its token
 * @returns {HTMLElement[]}
 */
export function joinParts(client, saved = {}) {
  const input = h("input", { id: "join-name", required: true, maxlength: DATA.max_name, autocomplete: "nickname" });
  const error = h("p", { class: "error", role: "alert" });
  const form = h(
    "form",
    { class: "row" },
    h("label", { for: "join-name" }, t("your_name")),
    input,
    h("button", { type: "submit", class: "primary" }, t("join")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = (await client.join(input.value.trim(), saved)) ?? "";
  });
  return [h("h2", {}, t("join_title")), form, error];
}

/** @type {WeakMap<object, HTMLElement>} */
const cards = new WeakMap();

/**
 * The join form in its card, made once per page: a lobby drawn again (someone joins, a
 * presence changes) puts the same card back, so the name the visitor is typing stays
 * (a new form would be empty, and « Rejoindre » would then send nothing).
 * @param {import("./client.js").RoomClient<any, any>} client
 * @param {Record<string, unknown>} [saved] what this browser keeps of the seat besides its token
 * @returns {HTMLElement}
 */
export function joinCard(client, saved = {}) {
  let card = cards.get(client);
  if (card === undefined) {
    card = h("section", { class: "card" }, ...joinParts(client, saved));
    cards.set(client, card);
  }
  return card;
}
