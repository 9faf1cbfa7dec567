// Hexcrement in words: the Hex cards, the status effects, cells and players, for the board's
// help texts, the panels and the move log (games/hexcrement/RULES.md says what each does).
// Texts in the page's language (../js/i18n.js; the catalogue is loaded before any module).

import { gettext } from "../js/i18n.js";
import { colourWord } from "../js/seats.js";

/** What each Hex card does, in a player's words (RULES.md, "The cards"). */
export const CARD_HELP = {
  DUNG: gettext("Dung: your beetle picks it up and carries it home; a card from the dice tray takes its place, face down."),
  BLOCK: gettext("BLOCK: the player you choose moves one space fewer on their next turn (a 1 means no move)."),
  DASH: gettext("DASH: take an extra turn at once, rolling a single die."),
  FLIP: gettext("FLIP: your beetle turns round: you now move the other way. Stays face up for one turn."),
  FRUIT: gettext("FRUIT: roll two dice on your next turn. Stays face up for one turn."),
  GIVE: gettext("GIVE: give one of your dung cards (else a swipe card) to another player; with neither, the card is replaced from the dice tray and the new one applies."),
  MEAN: gettext("MEAN: the player you choose moves only perpendicular (along their column) on their next turn."),
  MORPH: gettext("MORPH: swap this card with another face-down card on the board and follow the new card."),
  MUD: gettext("MUD: drop one of your dung or swipe cards on this space; with nothing to drop, the card is replaced from the dice tray and the new one applies."),
  ODOUR: gettext("ODOUR: move on in your direction to the nearest Hex card and follow it (a tie is your choice)."),
  PEEK: gettext("PEEK: turn over a face-down card anywhere and show it to everyone; it stays where it is."),
  PUSH: gettext("PUSH: reverse the direction of the player you choose."),
  ROCK: gettext("ROCK: on your next turn move perpendicular, towards the centre or the outer edge. Stays face up for one turn."),
  SHIELD: gettext("SHIELD: if you carry dung or a swipe card, nobody can take them or target you until your next turn."),
  SURGE: gettext("SURGE: move 2 extra spaces on your next turn (perpendicular ones if MEAN or ROCK applies)."),
  SWAP: gettext("SWAP: change places with another beetle (no card is turned, but a battle may follow)."),
  SWIPE: gettext("SWIPE: keep it; when you land on a beetle carrying dung you may spend it to take a dung card without a battle."),
  TRAP: gettext("TRAP: you lose your next turn. Stays face up for one turn."),
  TUNNEL: gettext("TUNNEL: stays face up for good; with two or more open tunnels a step may hop from one opening to any other."),
};

/** Status effects as badges on the beetles: a short glyph, a colour and what it means. */
export const EFFECTS = {
  FRUIT: { glyph: "F", colour: "#d81b60", help: gettext("FRUIT: two dice on the next turn") },
  ROCK: { glyph: "R", colour: "#6d6d6d", help: gettext("ROCK: moves only perpendicular on the next turn") },
  TRAP: { glyph: "T", colour: "#212121", help: gettext("TRAP: loses the next turn") },
  SHIELD: { glyph: "S", colour: "#1565c0", help: gettext("SHIELD: protected from battles and cards until the next turn") },
  BLOCK: { glyph: "B", colour: "#e65100", help: gettext("BLOCK: one space fewer on the next turn") },
  MEAN: { glyph: "M", colour: "#6a1b9a", help: gettext("MEAN: moves only perpendicular on the next turn") },
  SURGE: { glyph: "+2", colour: "#2e7d32", help: gettext("SURGE: 2 extra spaces on the next turn") },
};
export const EFFECT_ORDER = ["FRUIT", "ROCK", "TRAP", "SHIELD", "BLOCK", "MEAN", "SURGE"];

/** The card's type from its code: "TRAP-2" -> "TRAP", "DUNG-red" -> "DUNG". */
export function cardKind(code) {
  return typeof code === "string" ? code.split("-")[0] : "";
}

// A dung card by its colour (the engine's ids, engine/cards.py COLOURS), each a whole phrase:
// the colour agrees with the noun ("bouse verte"), which a colour word glued in cannot.
const DUNG_NAMES = {
  red: () => gettext("red dung"), orange: () => gettext("orange dung"), yellow: () => gettext("yellow dung"),
  green: () => gettext("green dung"), blue: () => gettext("blue dung"), purple: () => gettext("purple dung"),
};

/** "red dung" for "DUNG-red" (in the page's language), "SWIPE" for "SWIPE-2", "TRAP" for "TRAP-1". */
export function cardName(code) {
  if (typeof code !== "string") return gettext("a card");
  const [kind, rest] = code.split("-");
  if (kind !== "DUNG") return kind;
  return DUNG_NAMES[rest]?.() || gettext("dung (%(colour)s)", { colour: colourWord(rest) });
}

/** The colour of mat `mat` in the page's language ("rouge"), from the board data's colour ids. */
export function matColour(colours, mat) {
  const name = colours?.[mat]?.name;
  return name ? colourWord(name) : gettext("mat %(n)s", { n: mat + 1 });
}

/** The colour of a dung card ("DUNG-red" -> "red"), else "". */
export function dungColour(code) {
  return cardKind(code) === "DUNG" ? code.split("-")[1] : "";
}

/** What a card does, by code or type. */
export function cardHelp(code) {
  return CARD_HELP[cardKind(code)] || "";
}

/** "a", "a and b", "a, b and c". */
export function listWords(items) {
  if (items.length < 2) return items.join("");
  return gettext("%(items)s and %(last)s", { items: items.slice(0, -1).join(", "), last: items[items.length - 1] });
}

export function directionWords(dir) {
  return dir === "cw" ? gettext("clockwise") : gettext("anticlockwise");
}

/** True when `seat` is this page's own seat (its sentences say "you"). */
export function isMine(ctx, seat) {
  return ctx.mySeat !== null && ctx.mySeat !== undefined && seat === ctx.mySeat;
}

/** "Bot 2", "alice", or "you" / "You" for this page's seat. */
export function nameOf(ctx, seat, { capital = false } = {}) {
  if (seat === null || seat === undefined) return capital ? gettext("Nobody") : gettext("nobody");
  if (isMine(ctx, seat)) return capital ? gettext("You") : gettext("you");
  return ctx.names?.[seat] || gettext("Seat %(n)s", { n: seat + 1 });
}

/** Where a cell is, in words, from the board data: "red mat, column 4, row 2". Row 1 is
 * the outer edge; columns count 1-7 clockwise across the mat. */
export function cellWords(board, colours, cell) {
  const c = board?.cells?.[cell];
  if (!c) return gettext("cell %(n)s", { n: cell });
  const mat = matColour(colours, c.mat);
  return gettext("%(mat)s mat, column %(column)s, row %(row)s", { mat, column: c.column + 1, row: c.depth + 1 });
}
