// @ts-check
// « Partie rapide »: the seek's form, and the pairing's socket that says how it ends. The
// seat's token comes on the socket when an opponent is found: kept in this browser, then
// the page goes to the table. A live seek ends with the socket: after a reconnect the
// page seeks again by itself.
import { h, t } from "../common.js";

/**
 * The seek's form (web/topword/templates/quick.html).
 * @typedef {HTMLFormElement & { elements: HTMLFormControlsCollection & { name: HTMLInputElement,
 *   ruleset: HTMLSelectElement, pace: RadioNodeList, rated: HTMLInputElement } }} SeekForm
 */

const form = /** @type {SeekForm} */ (document.getElementById("seek"));
const error = /** @type {HTMLElement} */ (document.getElementById("seek-error"));
const seeking = /** @type {HTMLElement} */ (document.getElementById("seeking"));
const stateLine = /** @type {HTMLElement} */ (document.getElementById("seek-state"));
const note = /** @type {HTMLElement} */ (document.getElementById("seek-note"));
const lastTable = /** @type {HTMLElement} */ (document.getElementById("last-table"));

/** @type {WebSocket | null} */
let socket = null;
/** @type {Protocol.topword.SeekMessage | null} */
let wanted = null; // the live seek this page asked for (sent again after a reconnect)
let delay = 500;
/** @type {ReturnType<typeof setInterval> | undefined} */
let pinger = undefined;

/** @param {string} pace */
function paceText(pace) {
  return t(`quick_pace.${pace}`);
}

/** @param {Protocol.topword.SeekShown} seek */
function showSeeking(seek) {
  form.hidden = true;
  seeking.hidden = false;
  stateLine.textContent = t("quick_seeking", { rules: t(`ruleset.${seek.ruleset}`), pace: paceText(seek.pace) });
  note.textContent = seek.live ? t("quick_live_note") : t("quick_correspondence_note");
  document.body.dataset.quick = "seeking";
}

function showForm(message = "") {
  seeking.hidden = true;
  form.hidden = false;
  error.textContent = message;
  document.body.dataset.quick = "idle";
}

/** @param {Protocol.quick.Message | { type: "ping", c: number }} message */
function send(message) {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

/** @param {Protocol.quick.Frame | Protocol.Refused | Protocol.Error} message */
function frame(message) {
  switch (message.type) {
    case "quick":
      if (message.table) {
        lastTable.hidden = false;
        lastTable.replaceChildren(
          t("quick_last_table"),
          " ",
          h("a", { href: `/r/${message.table}` }, t("quick_go_table")),
        );
      }
      if (message.seeking) showSeeking(message.seeking);
      else if (wanted) send(wanted);
      else showForm();
      break;
    case "quick.seeking":
      showSeeking(message.seek);
      break;
    case "quick.paired":
      wanted = null;
      localStorage.setItem(
        `motamot.seat.${message.room}`,
        JSON.stringify({ room: message.room, seat: message.seat, token: message.token, kind: "topword" }),
      );
      document.body.dataset.quick = "paired";
      stateLine.textContent = t("quick_found");
      location.assign(`/r/${message.room}`);
      break;
    case "quick.ended":
      wanted = null;
      showForm(message.text);
      break;
    case "refused":
      wanted = null;
      showForm(message.text);
      break;
    case "error":
      showForm(message.text);
      break;
    default:
      break;
  }
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/partie-rapide/ws`);
  socket.addEventListener("open", () => {
    delay = 500;
    pinger = setInterval(() => send({ type: "ping", c: Date.now() }), 20000);
  });
  socket.addEventListener("message", (event) => frame(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    clearInterval(pinger);
    if (document.body.dataset.quick === "paired") return;
    stateLine.textContent = t("reconnecting");
    setTimeout(connect, delay);
    delay = Math.min(15000, delay * 2);
  });
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = form.elements.name.value.trim();
  if (!name) {
    error.textContent = `${t("your_name")} : ${t("name_rule", { limit: form.elements.name.maxLength })}`;
    form.elements.name.focus();
    return;
  }
  /** @type {Protocol.topword.SeekMessage} */
  const seek = {
    type: "seek",
    name,
    ruleset: form.elements.ruleset.value,
    pace: form.elements.pace.value,
    rated: form.elements.rated.checked,
  };
  const live =
    /** @type {HTMLInputElement | null} */ (form.querySelector(`input[name="pace"][value="${seek.pace}"]`))?.dataset
      .live !== "false";
  wanted = live ? seek : null;
  error.textContent = "";
  send(seek);
});

/** @type {HTMLElement} */ (document.getElementById("cancel")).addEventListener("click", () => {
  wanted = null;
  send({ type: "cancel" });
});

connect();
