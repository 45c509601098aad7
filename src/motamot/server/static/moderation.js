// @ts-check
// Beside another person's name, on every kind's page: the host's « Retirer » (docs/rules.md,
// P1: for good, so it is asked once more) and everybody's « Signaler » (a reason from a
// short list, sent to the server's operator). `seatControls(client, seat)` gives the
// controls of one seat of the view (null: none), `client.page.draw()` redraws them.
import { announce } from "./client.js";
import { DATA, TEXTS, h, nameEl, postJSON, t, tNodes } from "./common.js";

/** @typedef {import("./client.js").Client} Client */
/** @typedef {import("./fold.js").Seat} Seat */

/** The one question open: which seat, "remove" or "report", the reason chosen, an error.
 * @type {{ seat: string | null, what: string | null, reason: string | null, error: string }} */
const open = { seat: null, what: null, reason: null, error: "" };
/** Seats reported from this page (their name said as reported, instead of the button).
 * @type {Set<string>} */
const reported = new Set();
/** The reasons, in the server's order (its catalogue's `report_reason.*`). */
const REASONS = Object.keys(TEXTS.page)
  .filter((key) => key.startsWith("report_reason."))
  .map((key) => key.slice("report_reason.".length));

/**
 * @param {Client} client
 * @param {string} seat
 * @param {string} what
 * @param {string} focus
 */
function show(client, seat, what, focus) {
  Object.assign(open, { seat, what, reason: open.seat === seat ? open.reason : null, error: "" });
  client.page.draw();
  if (focus) queueMicrotask(() => document.getElementById(focus)?.focus());
}

/**
 * @param {Client} client
 * @param {string} seat
 */
function close(client, seat) {
  Object.assign(open, { seat: null, what: null, reason: null, error: "" });
  client.page.draw();
  queueMicrotask(() => document.getElementById(`report-${seat}`)?.focus());
}

/**
 * The controls beside `seat`'s name (not for oneself, a computer player, nobody's seat).
 * @param {Client} client
 * @param {Seat} seat
 */
export function seatControls(client, seat) {
  if (!client.view || seat.bot || !seat.present || seat.seat === client.me || client.dismissed) return null;
  const isHost = client.me !== null && client.me === client.view.host;
  if (open.seat === seat.seat && open.what === "remove" && isHost) return removeQuestion(client, seat);
  if (open.seat === seat.seat && open.what === "report") return reportForm(client, seat);
  const controls = [];
  if (isHost) {
    const id = `remove-player-${seat.seat}`;
    const ask = () => show(client, seat.seat, "remove", `remove-no-${seat.seat}`);
    controls.push(
      h(
        "button",
        {
          type: "button",
          class: "small",
          id,
          "aria-label": t("remove_player_label", { name: seat.name }),
          onclick: ask,
        },
        t("remove_player"),
      ),
    );
  }
  if (reported.has(seat.seat)) {
    controls.push(h("span", { class: "reported" }, tNodes("report_sent", { name: nameEl(seat.name) })));
  } else {
    const ask = () => show(client, seat.seat, "report", `report-reason-${seat.seat}`);
    controls.push(
      h(
        "button",
        {
          type: "button",
          class: "small",
          id: `report-${seat.seat}`,
          "aria-label": t("report_player_label", { name: seat.name }),
          onclick: ask,
        },
        t("report_player"),
      ),
    );
  }
  return h("span", { class: "seat-actions" }, controls);
}

/**
 * @param {Client} client
 * @param {Seat} seat
 */
function removeQuestion(client, seat) {
  const question = `remove-question-${seat.seat}`;
  const yes = () => {
    client.act("remove_player", { seat: seat.seat });
    close(client, seat.seat);
  };
  return h(
    "span",
    { class: "seat-confirm", role: "group", "aria-labelledby": question },
    h("span", { id: question }, tNodes("remove_player_confirm", { name: nameEl(seat.name) })),
    h(
      "button",
      { type: "button", class: "small", id: `remove-no-${seat.seat}`, onclick: () => close(client, seat.seat) },
      t("remove_player_no"),
    ),
    h(
      "button",
      { type: "button", class: "small danger", id: `remove-yes-${seat.seat}`, onclick: yes },
      t("remove_player_yes"),
    ),
  );
}

/**
 * @param {Client} client
 * @param {Seat} seat
 */
function reportForm(client, seat) {
  const select = `report-reason-${seat.seat}`;
  const chosen = open.reason ?? REASONS[0];
  const options = REASONS.map((reason) =>
    h("option", { value: reason, selected: reason === chosen }, t(`report_reason.${reason}`)),
  );
  const field = h(
    "select",
    { id: select, onchange: (event) => (open.reason = /** @type {HTMLSelectElement} */ (event.target).value) },
    options,
  );
  const form = h(
    "form",
    { class: "seat-report", "aria-label": t("report_player_label", { name: seat.name }) },
    h("label", { for: select }, t("report_reason")),
    field,
    h("button", { type: "submit", class: "small primary", id: `report-send-${seat.seat}` }, t("report_send")),
    h(
      "button",
      { type: "button", class: "small", id: `report-cancel-${seat.seat}`, onclick: () => close(client, seat.seat) },
      t("report_cancel"),
    ),
    open.error ? h("span", { class: "error", role: "alert" }, open.error) : null,
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const { error } = await postJSON(`/api/rooms/${DATA.room}/report`, { seat: seat.seat, reason: field.value });
    if (error) {
      open.error = error;
      client.page.draw();
      return;
    }
    reported.add(seat.seat);
    close(client, seat.seat);
    announce(t("report_sent", { name: seat.name }));
  });
  return form;
}
