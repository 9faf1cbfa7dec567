// Hexfolk without a mouse or a screen (js/access.js hooks, and the replay's analysis; issue
// 31): a move in the board's own words for places ("Build a road at ..."), and the table in
// words: your cards, each player's points and buildings left, the robber, an open trade.

import { gettext, ngettext } from "../js/i18n.js";
import { hexName, layoutOf } from "./board.js";
import { DEV_LABEL, RESOURCE_LABEL, cardsText } from "./words.js";

function who(seat, ctx) {
  const names = ctx?.names || window.hexagora?.replay?.names || [];
  return names[seat] || gettext("Seat %(n)s", { n: seat + 1 });
}

/** A move in words; null for the few others (worded from their fields). */
export function actionWords(action, view, ctx = null) {
  const L = view?.board ? layoutOf(view.board) : null;
  const res = (r) => RESOURCE_LABEL[r] || r;
  switch (action.type) {
    case "build_road": return L && gettext("Build a road at %(place)s", { place: L.edgePlace(action.edge) });
    case "build_settlement": return L && gettext("Build a settlement at %(place)s", { place: L.nodePlace(action.node) });
    case "build_city": return L && gettext("Upgrade to a city at %(place)s", { place: L.nodePlace(action.node) });
    case "move_robber": {
      if (!view?.board) return null;
      const hex = hexName(view.board.hexes[action.hex]);
      if (action.victim === null || action.victim === undefined) return gettext("Move the robber to %(hex)s", { hex });
      return gettext("Move the robber to %(hex)s and rob %(name)s", { hex, name: who(action.victim, ctx) });
    }
    case "roll": return gettext("Roll the dice");
    case "end_turn": return gettext("End your turn");
    case "pass": return gettext("Pass");
    case "buy_dev": return gettext("Buy a development card");
    case "play_knight": return gettext("Play a Knight");
    case "play_road_building": return gettext("Play Road building");
    case "play_monopoly": return gettext("Play Monopoly on %(res)s", { res: res(action.resource) });
    case "play_year_of_plenty": return gettext("Play Year of plenty for %(cards)s", { cards: (action.resources || []).map(res).join(", ") });
    case "bank_trade": return gettext("Trade %(rate)s %(give)s with the bank for 1 %(get)s", { rate: action.rate, give: res(action.give), get: res(action.get) });
    case "discard": return gettext("Discard %(cards)s", { cards: cardsText(action.cards) });
    case "offer_trade": return gettext("Offer %(give)s for %(get)s", { give: cardsText(action.give), get: cardsText(action.get) });
    case "counter_trade": return gettext("Counter: give %(give)s for %(get)s", { give: cardsText(action.give), get: cardsText(action.get) });
    case "accept_trade": return gettext("Accept the trade");
    case "decline_trade": return gettext("Decline the trade");
    case "confirm_trade": return gettext("Trade with %(name)s", { name: who(action.with, ctx) });
    case "withdraw_trade": return gettext("Withdraw your offer");
    default: return null;
  }
}

/** ["Your cards: ...", "Your development cards: ...", "alice: 4 points, ...", "The robber: ..."]. */
export function stateWords(view, page) {
  const lines = [];
  if (view.hand) lines.push(gettext("Your cards: %(cards)s", { cards: cardsText(view.hand, gettext("none")) }));
  if (view.dev_cards) {
    const devs = Object.entries(view.dev_cards).filter(([, n]) => n).map(([k, n]) => `${n} ${DEV_LABEL[k] || k}`);
    lines.push(gettext("Your development cards: %(cards)s", { cards: devs.join(", ") || gettext("none") }));
  }
  for (const p of view.players || []) {
    const name = p.seat === page.mySeat ? gettext("you") : who(p.seat, page);
    const points = p.points ?? p.visible_points;
    lines.push(gettext("%(name)s: %(points)s, %(cards)s, %(devs)s, road length %(road)s", {
      name, points: ngettext("%(n)s point", "%(n)s points", points), cards: ngettext("%(n)s card", "%(n)s cards", p.resource_count),
      devs: ngettext("%(n)s development card", "%(n)s development cards", p.dev_card_count), road: p.road_length,
    }));
  }
  // Where each player has built: settlements and cities by place, roads counted.
  const L = view.board ? layoutOf(view.board) : null;
  for (const p of L ? view.players || [] : []) {
    const name = p.seat === page.mySeat ? gettext("you") : who(p.seat, page);
    const builds = (view.buildings || []).filter((b) => b.seat === p.seat).map((b) => (b.kind === "city"
      ? gettext("a city at %(place)s", { place: L.nodePlace(b.node) }) : gettext("a settlement at %(place)s", { place: L.nodePlace(b.node) })));
    const roads = (view.roads || []).filter((r) => r.seat === p.seat).length;
    if (!builds.length && !roads) lines.push(gettext("%(name)s: nothing built yet", { name }));
    else if (!builds.length) lines.push(gettext("%(name)s built %(roads)s", { name, roads: ngettext("%(n)s road", "%(n)s roads", roads) }));
    else if (!roads) lines.push(gettext("%(name)s built %(buildings)s", { name, buildings: builds.join("; ") }));
    else {
      lines.push(gettext("%(name)s built %(buildings)s and %(roads)s", {
        name, buildings: builds.join("; "), roads: ngettext("%(n)s road", "%(n)s roads", roads),
      }));
    }
  }
  const robber = view.board?.hexes?.[view.robber];
  if (robber) lines.push(gettext("The robber is on %(hex)s.", { hex: hexName(robber) }));
  // The harbors, drawn on the coast, said by their paths' places.
  const harbors = (L ? view.board.harbors || [] : []).map((hb) => (hb.kind === "generic"
    ? gettext("%(rate)s:1 at %(place)s", { rate: hb.rate, place: L.edgePlace(hb.nodes) })
    : gettext("%(rate)s:1 %(resource)s at %(place)s", { rate: hb.rate, resource: RESOURCE_LABEL[hb.kind] || hb.kind, place: L.edgePlace(hb.nodes) })));
  if (harbors.length) lines.push(gettext("Harbors: %(harbors)s", { harbors: harbors.join("; ") }));
  if (view.trade) lines.push(gettext("Open trade from %(name)s: %(give)s for %(get)s", { name: who(view.trade.seat, page), give: cardsText(view.trade.give), get: cardsText(view.trade.get) }));
  return lines;
}
