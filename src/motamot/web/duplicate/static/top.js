// @ts-check
// The cells of the last top, lit on the room's page and on the room's screen.
import { COLUMNS, SIZE } from "../topword/board.js";

/**
 * The cells of the last top (its word's cells: the notation fixes them).
 * @param {Protocol.duplicate.GameView} g
 */
export function topCells(g) {
  const top = g.sheet.at(-1)?.top;
  const match = top ? /^(?:(\d{1,2})([A-J])|([A-J])(\d{1,2})) (\S+)$/.exec(top) : null;
  if (!match) return new Set();
  const across = match[1] !== undefined;
  const row = Number(across ? match[1] : match[4]) - 1;
  const col = COLUMNS.indexOf(across ? match[2] : match[3]);
  const length = match[5].replace(/QU/g, "Q").length;
  return new Set(Array.from({ length }, (_, i) => row * SIZE + col + i * (across ? 1 : SIZE)));
}
