// @ts-check
// A tournament (docs/rules.md, K1-K10): registration and check-in, each round's boards and
// their tables, the standings with their tie-breaks, the podium, « votre partie commence »,
// and the director's controls. Drawn whole from the view; the shared events are folded by
// the shared client, the tournament's own make the page ask for the room again (a few a
// round: the view is small).
import { RoomClient, announce } from "../client.js";
import { DATA, LANG, h, nameEl, t, tNodes } from "../common.js";
import { elides, numberText } from "../format.js";

/** @typedef {Protocol.tournament.View} View */
/** @typedef {Protocol.RoundShown} RoundView */
/** @typedef {Protocol.BoardShown} BoardView */

const root = /** @type {HTMLElement} */ (document.getElementById("tournament"));
const status = h("p", { class: "status", role: "status" });
const body = h("div", { class: "tn-body" });
root.replaceChildren(status, body);
root.removeAttribute("aria-busy");
// Asked to register before this page had a seat: done once the seat is there.
const WANTS = `motamot.tournament.register.${DATA.room}`;
/** The table last announced (« votre partie commence » is said once a table). */
let told = "";

/** @param {string} seat */
function nameOf(seat) {
  return client.view?.names[seat] ?? seat;
}

/** @param {number} at referee time, seconds */
function timeText(at) {
  return new Intl.DateTimeFormat(LANG === "fr" ? "fr-FR" : "en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(at * 1000));
}

/** A spread as « +20 », « −30 » (the minus sign), « 0 ». @param {number} value */
function signed(value) {
  const text = numberText(Math.abs(value), LANG);
  return value > 0 ? `+${text}` : value < 0 ? `\u2212${text}` : text;
}

/** @param {string} type @param {Record<string, unknown>} [fields] */
function act(type, fields = {}) {
  client.unsay();
  client.act(type, fields);
}

function checkInOpen() {
  const view = /** @type {View} */ (client.view);
  const window = view.settings.check_in_seconds;
  return window > 0 && client.serverNow() >= view.settings.starts_at - window;
}

/** @param {View} view */
function header(view) {
  const lines = [
    h("h1", {}, view.settings.name),
    h(
      "p",
      { class: "tn-format" },
      t(`tn_format.${view.settings.format}`),
      view.settings.rated ? ` · ${t("tn_rated_note")}` : "",
    ),
    h("p", { class: "tn-phase" }, h("strong", {}, t(`tn_phase.${view.phase}`))),
  ];
  if (view.phase === "registration")
    lines.push(h("p", {}, t("tn_starts_at", { time: timeText(view.settings.starts_at) })));
  if (view.director) lines.push(h("p", { class: "tn-director" }, t("tn_director", { name: nameOf(view.director) })));
  return h("header", { class: "tn-head card" }, ...lines);
}

/** « Votre partie commence », with the link to the table (K10). @param {View} view */
function yourGame(view) {
  const mine = view.your_table;
  if (!mine) return null;
  // the seat the server kept for this player at the table: their page there takes it
  const key = `motamot.seat.${mine.table}`;
  if (mine.token && !localStorage.getItem(key))
    localStorage.setItem(
      key,
      JSON.stringify({ room: mine.table, seat: mine.seat, token: mine.token, back: DATA.room }),
    );
  if (told !== mine.table) {
    told = mine.table;
    announce(t("tn_your_game", { round: mine.round }));
  }
  return h(
    "section",
    { class: "tn-your-game card", role: "alert", id: "your-game" },
    h("p", {}, h("strong", {}, t("tn_your_game", { round: mine.round }))),
    h("a", { class: "button primary", href: `/r/${mine.table}`, id: "go-to-table" }, t("tn_go_to_table")),
  );
}

/** The form to sit down and register, made once: the page is drawn again on every event
 * (someone else registering, the welcome of a socket that opened late), and a new form
 * would drop the name being typed. @type {HTMLFormElement | null} */
let joinForm = null;

function joinFormOnce() {
  if (joinForm) return joinForm;
  const input = h("input", {
    id: "tn-join-name",
    name: "name",
    required: true,
    maxlength: 40,
    autocomplete: "nickname",
  });
  const form = h(
    "form",
    { class: "tn-entry card", id: "tn-join" },
    h("p", { class: "field" }, h("label", { for: "tn-join-name" }, t("tn_your_name")), input),
    h("button", { type: "submit", class: "primary" }, t("tn_register")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = input.value.trim();
    if (!name) return input.focus();
    sessionStorage.setItem(WANTS, "1");
    const error = await client.join(name);
    if (error) {
      sessionStorage.removeItem(WANTS);
      client.say(error);
    }
  });
  joinForm = form;
  return form;
}

/** Register, withdraw, check in; sit down first when this page has no seat. @param {View} view */
function entry(view) {
  if (view.phase !== "registration") return null;
  const me = client.me;
  if (me === null) return joinFormOnce();
  const registered = view.registered.includes(me);
  const buttons = [
    registered
      ? h("button", { type: "button", id: "tn-withdraw", onclick: () => act("withdraw") }, t("tn_withdraw"))
      : h(
          "button",
          { type: "button", class: "primary", id: "tn-register", onclick: () => act("register") },
          t("tn_register"),
        ),
  ];
  if (registered && checkInOpen() && !view.checked_in.includes(me))
    buttons.push(
      h(
        "button",
        { type: "button", class: "primary", id: "tn-check-in", onclick: () => act("check_in") },
        t("tn_check_in_button"),
      ),
    );
  return h("div", { class: "tn-entry card" }, ...buttons);
}

/** @param {View} view */
function registeredList(view) {
  if (view.phase !== "registration") return null;
  const director = client.me !== null && client.me === view.director;
  const items = view.registered.map((seat) =>
    h(
      "li",
      {},
      nameEl(nameOf(seat)),
      view.checked_in.includes(seat) ? ` (${t("tn_checked_in")})` : "",
      director && !view.bots.includes(seat)
        ? h(
            "button",
            { type: "button", class: "link", onclick: () => act("remove_player", { seat }) },
            t("tn_remove", { name: nameOf(seat) }),
          )
        : null,
    ),
  );
  return h(
    "section",
    { class: "tn-registered card", "aria-labelledby": "tn-registered-title" },
    h("h2", { id: "tn-registered-title" }, t("tn_registered", { count: view.registered.length })),
    items.length ? h("ul", {}, ...items) : h("p", {}, t("tn_nobody")),
  );
}

/** @param {RoundView} round @param {BoardView} board */
function resultText(round, board) {
  const result = board.result;
  if (!result) return t(round.begun ? "tn_pending" : "tn_upcoming_game");
  const score = `${numberText(result.first, LANG)}\u00a0–\u00a0${numberText(result.second, LANG)}`;
  if ((result.how === "forfeit" || result.how === "resigned") && result.absent) {
    // « forfait de Ben », « abandon d'Ana » (French elides before a vowel)
    const name = nameOf(result.absent);
    const key = `tn_${result.how}${elides(name) ? "_elided" : ""}`;
    return [`${score} (`, ...tNodes(key, { name: nameEl(name) }), ")"];
  }
  if (result.how === "absent") return t("tn_absent");
  if (result.how === "adjudicated") return `${score} (${t("tn_adjudicated", { reason: result.reason })})`;
  return score;
}

/** @param {View} view @param {RoundView} round */
function roundSection(view, round) {
  const title = view.total_rounds
    ? t("tn_round_of", { number: round.round, total: view.total_rounds })
    : t("tn_round", { number: round.round });
  const items = round.boards.map((board, index) =>
    h(
      "li",
      { class: "tn-board" },
      h("span", { class: "tn-board-number" }, t("tn_board", { number: index + 1 })),
      " ",
      nameEl(nameOf(board.first)),
      " – ",
      nameEl(nameOf(board.second)),
      " : ",
      resultText(round, board),
      board.table ? [" ", h("a", { href: `/r/${board.table}` }, t("tn_table"))] : null,
    ),
  );
  return h(
    "section",
    { class: "tn-round card", "aria-label": title },
    h("h3", {}, title, round.begun ? "" : ` (${t("tn_round_starts", { time: timeText(round.starts_at) })})`),
    items.length ? h("ul", {}, ...items) : null,
    round.arena_table ? h("p", {}, h("a", { href: `/r/${round.arena_table}` }, t("tn_arena_table"))) : null,
    round.best?.length
      ? h(
          "p",
          { class: "tn-round-best" },
          t("tn_round_best"),
          " ",
          ...round.best.flatMap((one, index) => [
            index ? ", " : "",
            nameEl(nameOf(one.player)),
            ` ${t("tn_points_count", { count: one.points })}`,
          ]),
        )
      : null,
    round.bye ? h("p", { class: "tn-bye" }, t("tn_bye", { name: nameOf(round.bye) })) : null,
  );
}

/** The standings with their tie-breaks (K5, K6), final once over (K7). @param {View} view */
function standings(view) {
  if (!view.standings.length || view.phase === "registration") return null;
  const arena = view.settings.format === "arena";
  const columns = arena
    ? [t("tn_place"), t("tn_player"), t("tn_points"), t("tn_words")]
    : [t("tn_place"), t("tn_player"), t("tn_wins"), t("tn_spread"), t("tn_buchholz")];
  const rows = view.standings.map((row) => {
    const cells = arena
      ? [numberText(row.points ?? 0, LANG), numberText(row.words ?? 0, LANG)]
      : [numberText(row.wins ?? 0, LANG), signed(row.spread ?? 0), numberText(row.buchholz ?? 0, LANG)];
    return h(
      "tr",
      { class: row.player === client.me ? "mine" : "" },
      h("td", {}, String(row.place)),
      h("th", { scope: "row" }, nameEl(nameOf(row.player))),
      ...cells.map((c) => h("td", {}, c)),
    );
  });
  const over = view.phase === "finished";
  return h(
    "section",
    { class: "tn-standings card", "aria-labelledby": "tn-standings-title" },
    h("h2", { id: "tn-standings-title" }, t(over ? "tn_final_standings" : "tn_standings")),
    h(
      "div",
      { class: "table-scroll", tabindex: 0, role: "region", "aria-labelledby": "tn-standings-title" },
      h(
        "table",
        {},
        h("thead", {}, h("tr", {}, ...columns.map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {}, ...rows),
      ),
    ),
  );
}

/** @param {View} view */
function podium(view) {
  if (!view.podium.length) return null;
  const byPlayer = new Map(view.standings.map((row) => [row.player, row.place]));
  return h(
    "section",
    { class: "tn-podium card", "aria-labelledby": "tn-podium-title", id: "podium" },
    h("h2", { id: "tn-podium-title" }, t("tn_podium")),
    h(
      "ol",
      {},
      ...view.podium.map((seat) =>
        h(
          "li",
          { class: `tn-step-${byPlayer.get(seat)}` },
          h("span", { class: "tn-medal" }, String(byPlayer.get(seat))),
          " ",
          nameEl(nameOf(seat)),
        ),
      ),
    ),
  );
}

/** The director's controls (K9). @param {View} view */
function director(view) {
  if (client.me === null || client.me !== view.director) return null;
  const parts = [];
  if (view.phase === "registration") {
    parts.push(
      h(
        "button",
        { type: "button", class: "primary", id: "tn-start-now", onclick: () => act("start") },
        t("tn_start_now"),
      ),
    );
    if (view.settings.format !== "arena")
      // a Boggle arena's rounds take people only (K6)
      parts.push(
        h(
          "button",
          { type: "button", id: "tn-add-bot", onclick: () => act("add_bot", { level: "beginner" }) },
          t("tn_add_bot"),
        ),
      );
  }
  if (view.phase === "running" || view.phase === "paused") {
    const paused = view.phase === "paused";
    parts.push(
      h(
        "button",
        { type: "button", id: "tn-pause", onclick: () => act("pause", { on: !paused }) },
        t(paused ? "tn_resume" : "tn_pause"),
      ),
    );
    const current = view.rounds.at(-1);
    if (current && current.begun && current.boards.length) parts.push(adjudicateForm(current));
    if (current && !current.begun && current.boards.length) parts.push(repairForm(current));
    // a person who no longer plays is taken out of the later rounds (K8)
    for (const seat of view.players.filter((p) => !view.out.includes(p) && !view.bots.includes(p)))
      parts.push(
        h(
          "button",
          { type: "button", id: `tn-remove-${seat}`, onclick: () => act("remove_player", { seat }) },
          t("tn_remove", { name: nameOf(seat) }),
        ),
      );
  }
  if (!parts.length) return null;
  return h(
    "section",
    { class: "tn-director-controls card", "aria-labelledby": "tn-director-title" },
    h("h2", { id: "tn-director-title" }, t("tn_director_controls")),
    ...parts,
  );
}

/** K9: the round not begun yet, paired anew: each board's two players, and the bye.
 * @param {RoundView} round */
function repairForm(round) {
  const seats = [...round.boards.flatMap((b) => [b.first, b.second]), ...(round.bye ? [round.bye] : [])];
  /** @param {string} id @param {string} label @param {string} chosen */
  const choice = (id, label, chosen) => {
    const select = h(
      "select",
      { id, name: id },
      ...seats.map((seat) => h("option", { value: seat, selected: seat === chosen }, nameOf(seat))),
    );
    return { select, field: h("p", { class: "field" }, h("label", { for: id }, label), select) };
  };
  const boards = round.boards.map((b, index) => [
    choice(`tn-rp-${index}-a`, `${t("tn_board", { number: index + 1 })} (1)`, b.first),
    choice(`tn-rp-${index}-b`, `${t("tn_board", { number: index + 1 })} (2)`, b.second),
  ]);
  const bye = round.bye ? choice("tn-rp-bye", t("tn_bye_label"), round.bye) : null;
  const form = h(
    "form",
    { class: "tn-repair", id: "tn-repair" },
    h("h3", {}, t("tn_repair")),
    ...boards.flatMap(([a, b]) => [a.field, b.field]),
    bye ? bye.field : null,
    h("button", { type: "submit" }, t("tn_repair")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act("repair", {
      boards: boards.map(([a, b]) => [a.select.value, b.select.value]),
      bye: bye ? bye.select.value : null,
    });
  });
  return form;
}

/** @param {RoundView} round */
function adjudicateForm(round) {
  const board = h(
    "select",
    { id: "tn-adj-board", name: "board" },
    ...round.boards.map((b, index) =>
      h(
        "option",
        { value: String(index + 1) },
        `${t("tn_board", { number: index + 1 })} : ${nameOf(b.first)} – ${nameOf(b.second)}`,
      ),
    ),
  );
  const result = h(
    "select",
    { id: "tn-adj-result", name: "result" },
    ...["first", "second", "draw", "none"].map((r) => h("option", { value: r }, t(`tn_result.${r}`))),
  );
  const reasonInput = h("input", { id: "tn-adj-reason", name: "reason", maxlength: 200, required: true });
  const form = h(
    "form",
    { class: "tn-adjudicate" },
    h("p", { class: "field" }, h("label", { for: "tn-adj-board" }, t("tn_adjudicate_board")), board),
    h("p", { class: "field" }, h("label", { for: "tn-adj-result" }, t("tn_result")), result),
    h("p", { class: "field" }, h("label", { for: "tn-adj-reason" }, t("tn_reason")), reasonInput),
    h("button", { type: "submit" }, t("tn_adjudicate")),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    act("adjudicate", {
      round: round.round,
      board: Number(board.value),
      result: result.value,
      reason: reasonInput.value.trim(),
    });
  });
  return form;
}

function draw() {
  const view = client.view;
  if (!view) return;
  const rounds = [...view.rounds].reverse().map((round) => roundSection(view, round));
  const focused = document.activeElement; // the name being typed keeps its caret
  body.replaceChildren(
    ...[
      header(view),
      yourGame(view),
      podium(view),
      entry(view),
      director(view),
      standings(view),
      ...rounds,
      registeredList(view),
    ].filter((part) => part !== null),
  );
  if (focused instanceof HTMLElement && focused.isConnected && document.activeElement !== focused) focused.focus();
}

const client = /** @type {RoomClient<View, Protocol.tournament.Event>} */ (
  new RoomClient(
    {
      fold: () => false, // the tournament's own events: the room is asked for again
      draw,
      welcomed(view) {
        if (sessionStorage.getItem(WANTS) && client.me !== null && !view.registered.includes(client.me)) {
          sessionStorage.removeItem(WANTS);
          act("register");
        }
      },
    },
    status,
  )
);
// the check-in opens and rounds start on the clock: drawn again now and then
setInterval(() => client.view && draw(), 15000);
