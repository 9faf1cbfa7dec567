// Keeps the whole board in the window on wide screens (the player's panel beside it): the
// board's height is what the window leaves below the board's top, whatever stands above it
// (a message, the banner). Narrow screens size the board by its width (the stylesheet).

const WIDE = "(min-width: 960px)";
const BOTTOM_GAP_PX = 40; // the help line under the board
const MIN_PX = 288;

/** Sizes `svg` now and whenever the window changes. */
export function fitBoard(svg) {
  if (!svg) return;
  const fit = () => {
    const zoomed = svg.closest(".board-wrap")?.classList.contains("zoomed");
    if (zoomed || !globalThis.matchMedia?.(WIDE).matches) {
      svg.style.maxHeight = "";
      return;
    }
    const top = svg.getBoundingClientRect().top + window.scrollY;
    svg.style.maxHeight = `${Math.max(MIN_PX, Math.floor(window.innerHeight - top - BOTTOM_GAP_PX))}px`;
  };
  fit();
  window.addEventListener("resize", fit);
  document.getElementById("zoom-board")?.addEventListener("click", () => requestAnimationFrame(fit));
  // Messages or panels above the board may come and go.
  if (globalThis.ResizeObserver) new ResizeObserver(() => requestAnimationFrame(fit)).observe(document.querySelector(".site-main") || document.body);
}
