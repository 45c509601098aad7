// @ts-check
// Whether a room is listed in the lobby (`/salon`), said on its page; its host may list it
// there or take it out (`set_public`: only that setting changes, at any time).
import { h, t } from "./common.js";

/**
 * The line that says it, with the host's switch beside it (null: the kind has none).
 * @param {import("./client.js").Client} client
 */
export function publicLine(client) {
  const settings = /** @type {{ public?: boolean } | undefined} */ (client.view?.settings);
  if (!settings || settings.public === undefined) return null;
  const open = settings.public;
  const note = h("span", { id: "public-note" }, t(open ? "public_note" : "private_note"));
  const isHost = client.me !== null && client.me === client.view?.host;
  const toggle = isHost
    ? h(
        "button",
        {
          type: "button",
          class: "small",
          id: "public-toggle",
          onclick: () => client.act("set_public", { public: !open }),
        },
        t(open ? "close_public" : "open_public"),
      )
    : null;
  return h(
    "p",
    { class: open ? "public-line public" : "public-line" },
    note,
    toggle ? " " : null,
    toggle,
    open ? [" · ", h("a", { href: "/salon" }, t("lobby_link"))] : null,
  );
}
