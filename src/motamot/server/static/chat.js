// @ts-check
// The room's chat panel, the same on every room page (docs/rules.md, C1-C5): the last
// messages, written as text (never as HTML), the set phrases, free text where the room
// takes it, the host's switch. It folds up (a phone starts with it folded) so that it
// never hides the game; folded, its button counts the messages not read yet.
import { DATA, h, t } from "./common.js";

/** @typedef {import("./client.js").Client} Client */

const WIDE = "(min-width: 60rem)";

export class ChatPanel {
  /** @type {Client} the room's client, once bound (before the page draws) */
  client;

  /**
   * `freeText()`: whether the kind lets free text be said now (C4: not while a round
   * is played), and `closedNote` the text key that says why not.
   * @param {{ freeText?: () => boolean, closedNote?: string }} options
   */
  constructor({ freeText = () => true, closedNote = "chat_in_round" } = {}) {
    this.freeText = freeText;
    this.closedNote = closedNote;
    this.open = window.matchMedia(WIDE).matches;
    /** @type {number | null} */
    this.seen = null; // the last message read (null: none drawn yet)
    /** @type {string | null} */
    this.controlsKey = null;
    /** @type {string | null} */
    this.sent = null; // the text of the message on its way (cleared once it is said)
    this.toggle = h("button", {
      type: "button",
      class: "chat-toggle",
      id: "chat-toggle",
      "aria-controls": "chat-body",
      onclick: () => this.fold(!this.open),
    });
    // one paragraph a message, in a log (a live region: what is said is read out)
    this.log = h("div", { class: "chat-log", id: "chat-log", role: "log", "aria-label": t("chat_log"), tabindex: "0" });
    this.nothing = h("p", { class: "chat-note", id: "chat-nothing" }, t("chat_nothing"));
    this.controls = h("div", { class: "chat-controls" });
    this.error = h("p", { class: "chat-error", id: "chat-error", role: "status" });
    this.input = h("input", {
      id: "chat-input",
      maxlength: DATA.chat.max,
      autocomplete: "off",
      enterkeyhint: "send",
      "aria-describedby": "chat-error",
    });
    this.switchBox = h("div", { class: "chat-switch" });
    this.body = h("div", { id: "chat-body" }, this.log, this.nothing, this.controls, this.error, this.switchBox);
    this.el = h(
      "section",
      { class: "chat card", id: "chat", "aria-labelledby": "chat-title" },
      h("h2", { id: "chat-title" }, this.toggle),
      this.body,
    );
    // keys typed in the panel are the panel's (a kind's board may read keys page-wide)
    this.el.addEventListener("keydown", (event) => event.stopPropagation());
    this.fold(this.open);
  }

  /**
   * The room's client (made after the page's sections): the panel draws from its view.
   * @param {Client} client
   */
  bind(client) {
    this.client = client;
  }

  /** @param {boolean} open */
  fold(open) {
    this.open = open;
    this.body.hidden = !open;
    this.toggle.setAttribute("aria-expanded", String(open));
    if (open) this.markRead();
    this.drawToggle();
    if (open) this.log.scrollTop = this.log.scrollHeight;
  }

  get lines() {
    return this.client?.view?.chat?.lines ?? [];
  }

  markRead() {
    this.seen = this.lines.at(-1)?.seq ?? this.seen ?? 0;
  }

  drawToggle() {
    const unread =
      this.open || this.seen === null
        ? 0
        : this.lines.filter((line) => line.seq > /** @type {number} */ (this.seen)).length;
    /** @type {(string | Node)[]} */
    const parts = [t("chat_title")];
    if (unread) parts.push(" ", h("span", { class: "unread" }, t("chat_unread", { count: unread })));
    this.toggle.replaceChildren(...parts);
  }

  /** Redraw from the room's view (after every event the page folds). */
  draw() {
    const view = this.client?.view;
    if (!view?.chat) return;
    if (this.seen === null) this.markRead(); // the history a page opens on is not news
    this.drawLog(view.chat.lines);
    if (this.open) this.markRead();
    this.drawToggle();
    this.drawControls(/** @type {import("./fold.js").SharedView & { chat: Protocol.ChatView }} */ (view));
  }

  /** @param {Protocol.ChatLine[]} lines */
  drawLog(lines) {
    const first = lines[0]?.seq ?? Infinity;
    const last = lines.at(-1)?.seq ?? 0;
    const atBottom = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 8;
    for (const item of /** @type {HTMLElement[]} */ ([...this.log.children])) {
      const seq = Number(item.dataset.seq);
      if (seq < first || seq > last) item.remove(); // older than the view keeps, or a view rebuilt
    }
    const drawn = new Map(
      /** @type {HTMLElement[]} */ ([...this.log.children]).map((item) => [Number(item.dataset.seq), item]),
    );
    for (const line of lines) {
      const item = drawn.get(line.seq);
      if (!item) this.log.append(this.lineItem(line));
      else if (line.removed && !item.classList.contains("removed")) item.replaceWith(this.lineItem(line));
      else {
        const who = /** @type {HTMLElement} */ (item.querySelector(".who"));
        const name = this.client.nameOf(line.seat);
        if (who.textContent !== name) who.textContent = name; // a name replaced (C1)
      }
    }
    this.nothing.hidden = lines.length > 0;
    if (atBottom || !drawn.size) this.log.scrollTop = this.log.scrollHeight;
  }

  /** @param {Protocol.ChatLine} line */
  lineItem(line) {
    const phrase = line.phrase !== undefined;
    // a line the server's operator removed says so in its place
    const words = line.removed ? t("chat_removed") : phrase ? t(`phrase.${line.phrase}`) : line.text;
    const mine = line.seat === this.client.me;
    const kind = line.removed ? "removed" : phrase ? "phrase" : "";
    return h(
      "p",
      { "data-seq": line.seq, class: [mine ? "mine" : "", kind].join(" ").trim() || null },
      h("bdi", { class: "who" }, this.client.nameOf(line.seat)),
      h("span", { class: "sep" }, t("chat_said", { name: "", text: "" })),
      h("span", { class: "said", dir: "auto" }, words), // textContent: markup stays text
    );
  }

  /** @param {import("./fold.js").SharedView & { chat: Protocol.ChatView }} view */
  drawControls(view) {
    const seated = this.client.me !== null;
    const host = seated && view.host === this.client.me;
    const free = !view.chat.public && this.freeText();
    const key = [view.chat.on, view.chat.public, free, seated, host].join(":");
    if (key === this.controlsKey) return;
    this.controlsKey = key;
    const focused = document.activeElement;
    const hadFocus = this.controls.contains(focused) || this.switchBox.contains(focused) ? (focused?.id ?? "") : "";
    const parts = [];
    if (!view.chat.on) parts.push(h("p", { class: "chat-note", id: "chat-off" }, t("chat_is_off")));
    else if (!seated) parts.push(h("p", { class: "chat-note" }, t("chat_reader")));
    else {
      if (view.chat.public) parts.push(h("p", { class: "chat-note", id: "chat-public" }, t("chat_public")));
      else if (!free) parts.push(h("p", { class: "chat-note", id: "chat-closed" }, t(this.closedNote)));
      const phrases = DATA.chat.phrases.map((id) =>
        h(
          "button",
          { type: "button", class: "small", id: `phrase-${id}`, "data-phrase": id, onclick: () => this.sayPhrase(id) },
          t(`phrase.${id}`),
        ),
      );
      parts.push(h("div", { class: "chat-phrases", role: "group", "aria-label": t("chat_phrases") }, phrases));
      if (free) parts.push(this.form());
    }
    this.controls.replaceChildren(...parts);
    // C5: the host's switch (a toggle button: pressed, the chat is on)
    const toggle = host
      ? h(
          "button",
          {
            type: "button",
            class: "small",
            id: "chat-switch",
            "aria-pressed": String(view.chat.on),
            onclick: () => this.act("switch_chat", { on: !this.client.view?.chat?.on }),
          },
          view.chat.on ? t("chat_on") : t("chat_off"),
        )
      : null;
    this.switchBox.replaceChildren(...(toggle ? [toggle] : []));
    if (hadFocus) document.getElementById(hadFocus)?.focus({ preventScroll: true });
  }

  form() {
    const form = h(
      "form",
      { class: "chat-form row" },
      h("label", { for: "chat-input", class: "sr-only" }, t("chat_message")),
      this.input,
      h("button", { type: "submit" }, t("chat_send")),
    );
    this.input.placeholder = t("chat_message");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const text = this.input.value.trim();
      if (!text) return;
      this.sent = text;
      this.act("say", { text });
    });
    return form;
  }

  /** @param {string} id */
  sayPhrase(id) {
    this.act("say_phrase", { phrase: id });
  }

  /**
   * A message sent: said, the field is emptied; refused, it stays and the panel says why.
   * @param {string} type
   * @param {Record<string, unknown>} fields
   */
  act(type, fields) {
    this.error.textContent = "";
    const sent = this.client.act(type, fields, {
      answered: () => {
        if (type === "say" && this.input.value.trim() === this.sent) this.input.value = "";
        this.error.textContent = "";
      },
      refused: (message) => {
        this.error.textContent = message.text;
      },
    });
    if (sent === null) this.error.textContent = t("reconnecting");
  }
}
