// The information tabs of the table pages (templates/matches/_table_info.html): Moves, Players
// and Fair shuffle, as WAI-ARIA tabs (arrow keys, Home, End).
//
//   const tabs = wireTabs(byId("table-info"), { onShow(name) {} });   tabs.show("moves"); tabs.open
//
// Beside the board (wide screens, `DOCKED`) one tab is always open, Moves first. Under the table
// (small screens) the tabs are a bar closing the table and a tab opens its panel as a sheet above
// it: a second tap, Escape or a tap outside closes it, so the board and the hand stay in view.
// The open tab is `root.dataset.open` ("" when closed) and `#table`'s `data-info-tab`, for CSS.

export const DOCKED = "(min-width: 960px)";
// Where the players stay in view above the tabs (site.css): their tab is then not offered.
export const PLAYERS_PINNED = "(min-width: 960px) and (min-height: 700px)";

export function wireTabs(root, { onShow = () => {} } = {}) {
  if (!root) return null;
  const tabs = [...root.querySelectorAll("[role=tab]")];
  const docked = matchMedia(DOCKED);
  const pinned = matchMedia(PLAYERS_PINNED);
  const table = root.closest(".table");
  const api = { open: "" };

  // The players are pinned where the window is tall enough, unless the table has no room for
  // them (js/layout.js fitRows: class players-tabbed).
  function offered(tab) {
    return !(pinned.matches && !table?.classList.contains("players-tabbed") && tab.dataset.tab === "players");
  }

  function show(name) {
    api.open = name || "";
    root.dataset.open = api.open;
    if (table) table.dataset.infoTab = api.open;
    for (const tab of tabs) {
      const on = tab.dataset.tab === api.open;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on || (!api.open && tab === tabs[0]) ? 0 : -1;
    }
    onShow(api.open);
  }

  const settleRoles = playersPanelRoles(root, tabs, offered);

  function settle() {
    settleRoles();
    // Docked: never closed, never on a tab that is not offered; in a sheet: closed at first.
    if (docked.matches && (!api.open || !offered(tabs.find((t) => t.dataset.tab === api.open)))) show("moves");
  }

  root.addEventListener("click", (e) => {
    const tab = e.target.closest("[role=tab]");
    if (!tab) return;
    const name = tab.dataset.tab;
    // A second tap closes the sheet; Enter or Space on the open tab (a click of `detail` 0)
    // keeps it open, as a screen reader's user expects of a selected tab (Escape closes).
    show(!docked.matches && api.open === name && e.detail !== 0 ? "" : name);
  });
  root.addEventListener("keydown", (e) => {
    const tab = e.target.closest("[role=tab]");
    if (e.key === "Escape" && !docked.matches && api.open) {
      show("");
      tabs[0].focus();
      return;
    }
    if (!tab) return;
    const list = tabs.filter((t) => offered(t));
    let i = list.indexOf(tab);
    if (e.key === "ArrowRight") i = (i + 1) % list.length;
    else if (e.key === "ArrowLeft") i = (i - 1 + list.length) % list.length;
    else if (e.key === "Home") i = 0;
    else if (e.key === "End") i = list.length - 1;
    else return;
    e.preventDefault();
    list[i].focus();
    show(list[i].dataset.tab);
  });
  document.addEventListener("pointerdown", (e) => {
    if (!docked.matches && api.open && !root.contains(e.target)) show("");
  });
  docked.addEventListener("change", () => (docked.matches ? settle() : show("")));
  pinned.addEventListener("change", settle);
  if (table && globalThis.MutationObserver) new MutationObserver(settle).observe(table, { attributeFilter: ["class"] });
  settleRoles();
  show(docked.matches ? "moves" : "");
  api.show = show;
  return api;
}

/** The players' panel is a tab's panel only while its tab is `offered`; pinned in view above
 * the tabs it is a region of its own (a tabpanel whose tab is hidden confuses a screen reader).
 * Returns the function that sets its role (called when the layout may have changed). */
function playersPanelRoles(root, tabs, offered) {
  const playersTab = tabs.find((t) => t.dataset.tab === "players");
  const playersPanel = root.querySelector('[data-panel="players"]');
  return () => {
    if (!playersTab || !playersPanel) return;
    const tabbed = offered(playersTab);
    playersPanel.setAttribute("role", tabbed ? "tabpanel" : "region");
    // A tab panel with nothing to focus in it takes the focus itself (WAI-ARIA tabs), so Tab
    // from its tab reaches what it says.
    if (tabbed) playersPanel.tabIndex = 0;
    else playersPanel.removeAttribute("tabindex");
  };
}
