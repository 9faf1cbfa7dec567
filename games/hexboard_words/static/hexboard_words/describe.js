// HexBoard Words moves in words, for the move log and the replay (event shapes:
// engine/apply.py). DOM-free (node --test tests/js/hexboard_words.test.mjs).
//
//   describeEvents(events, ctx) -> one line for one action's events
// ctx = {names, view, mySeat, record, actor}: `record` is the history entry (or the replay
// step), `actor` who made a live move (the snapshot's "actor"): "timeout" is the hourglass.

const REASONS = {
  cards: (names, n) => `${names} made and kept ${n} word-cards`,
  bag_empty: (names) => `the bag is empty and a full round made no word; most word-cards: ${names}`,
};

export function upper(word) {
  return String(word ?? "").toUpperCase();
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function who(ctx, seat) {
  if (seat === ctx.mySeat && seat !== null && seat !== undefined) return "you";
  return ctx.names?.[seat] || `Seat ${Number(seat) + 1}`;
}

function whose(ctx, seat) {
  return seat === ctx.mySeat ? "your" : `${who(ctx, seat)}'s`;
}

function tileText(t) {
  return t?.letter === "?" ? "the blank" : upper(t?.letter);
}

function cardName(slot) {
  return `card ${Number(slot) + 1}`;
}

/** One line for the events of one action (or of the setup). */
export function describeEvents(events, ctx = {}) {
  const evs = events || [];
  const parts = [];
  const actor = ctx.record?.actor ?? ctx.actor ?? null;
  for (const ev of evs) {
    const name = who(ctx, ev.seat);
    switch (ev.type) {
      case "setup":
        parts.push(`Word-cards ${listWords((ev.slots || []).map(upper))} around the board; ${(ev.centre || []).length} tiles face up: ${(ev.centre || []).map(tileText).join(" ")}`);
        break;
      case "first_draw": {
        const rounds = (ev.rounds || []).map((rnd) => rnd.map((d) => `${who(ctx, d.seat)} ${tileText(d)}`).join(", "));
        parts.push(`Draw for first player: ${rounds.join("; then ")}: ${who(ctx, ev.starter)} ${ev.starter === ctx.mySeat ? "start" : "starts"}`);
        break;
      }
      case "hidden_tile":
        parts.push(`${ev.seat === ctx.mySeat ? "your" : `${name}'s`} hidden tile: ${tileText(ev)}`);
        break;
      case "placed":
        parts.push(`${name} placed ${ev.seat === ctx.mySeat ? "your" : "their"} tile ${tileText(ev)} on the board`);
        break;
      case "matched":
        if (!evs.some((e) => e.type === "completed")) parts.push(`${name} matched ${tileText(ev)} on ${upper(ev.word)} (${cardName(ev.slot)})`);
        break;
      case "completed":
        parts.push(`${name} completed ${upper(ev.word)} (${cardName(ev.slot)}) with ${tileText(evs.find((e) => e.type === "matched"))}`);
        break;
      case "new_card":
        parts.push(ev.word ? `new card ${upper(ev.word)}` : "the deck is empty: no new card");
        break;
      case "stolen": {
        const added = (ev.added || []).map(tileText).join(" + ");
        parts.push(`${name} stole ${whose(ctx, ev.from)} ${upper(ev.old)} with ${added}: ${upper(ev.new)}`);
        break;
      }
      case "drew":
        if (ev.to === "board") parts.push(`drew ${tileText(ev)} to the board`);
        // A hidden tile drawn at the end of a turn goes without saying (the owner's is told).
        break;
      case "turn_ended":
        if (actor === "timeout" || ev.timeout) parts.push(`${ev.seat === ctx.mySeat ? "your" : `${name}'s`} hourglass ran out: turn over`);
        else if (!evs.some((e) => e.type === "matched")) parts.push(`${name} ended ${ev.seat === ctx.mySeat ? "your" : "their"} turn`);
        break;
      case "game_over": {
        const winners = listWords((ev.winners || []).map((s) => who(ctx, s)));
        const n = ctx.view?.options?.cards_to_win ?? 5;
        parts.push(`Game over: ${(REASONS[ev.reason] || REASONS.cards)(winners, n)}`);
        break;
      }
      default:
        break;
    }
  }
  if (!parts.length) return "";
  let text = parts.map((p) => p[0].toUpperCase() + p.slice(1)).join(" · ");
  if (actor === "takeover" || actor === "handover") text += " (a bot played for the absent player)";
  return text;
}
