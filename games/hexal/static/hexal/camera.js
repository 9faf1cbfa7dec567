// Pan and zoom of the open table, without the DOM: a camera over world units (the SVG's user
// units), turned into the SVG's viewBox for a drawing area of w x h pixels.
//
//   const cam = new Camera();
//   cam.setSize(800, 400);            // the SVG's size on screen, in CSS pixels
//   cam.fit([x0, y0, x1, y1]);        // show the whole box, centred (never closer than fitMax)
//   cam.zoomAt(1.25, px, py);         // zoom by a factor, the point under (px, py) staying put
//   cam.panBy(dx, dy);                // move the table with the pointer (pixels)
//   svg.setAttribute("viewBox", cam.viewBox());

export class Camera {
  constructor({ minScale = 0.1, maxScale = 4, fitMax = 1.25 } = {}) {
    this.minScale = minScale;
    this.maxScale = maxScale;
    this.fitMax = fitMax;
    this.w = 1;
    this.h = 1;
    this.x = 0; // the world point at the centre of the drawing area
    this.y = 0;
    this.scale = 1; // pixels per world unit
  }

  setSize(w, h) {
    this.w = Math.max(1, w);
    this.h = Math.max(1, h);
  }

  clamp(scale) {
    return Math.min(this.maxScale, Math.max(this.minScale, scale));
  }

  /** Shows the whole of `box` ([x0, y0, x1, y1]), centred, at most `fitMax` pixels a unit,
   * between bands of `top` and `bottom` pixels left free (what is drawn over the table). */
  fit([x0, y0, x1, y1], { top = 0, bottom = 0 } = {}) {
    const bw = Math.max(1, x1 - x0);
    const bh = Math.max(1, y1 - y0);
    const t = Math.min(top, this.h / 4);
    const b = Math.min(bottom, this.h / 4);
    this.scale = this.clamp(Math.min(this.w / bw, (this.h - t - b) / bh, this.fitMax));
    this.x = (x0 + x1) / 2;
    this.y = (y0 + y1) / 2 - (t - b) / 2 / this.scale;
  }

  /** Does the drawing area show all of `box`? */
  shows([x0, y0, x1, y1]) {
    const [vx, vy, vw, vh] = this.box();
    return x0 >= vx && y0 >= vy && x1 <= vx + vw && y1 <= vy + vh;
  }

  /** The world point under pixel (px, py) of the drawing area. */
  toWorld(px, py) {
    return [this.x + (px - this.w / 2) / this.scale, this.y + (py - this.h / 2) / this.scale];
  }

  /** Zooms by `factor` (> 1: closer); the world point under (px, py) stays under it. */
  zoomAt(factor, px = this.w / 2, py = this.h / 2) {
    const [wx, wy] = this.toWorld(px, py);
    const scale = this.clamp(this.scale * factor);
    this.scale = scale;
    this.x = wx - (px - this.w / 2) / scale;
    this.y = wy - (py - this.h / 2) / scale;
  }

  panBy(dx, dy) {
    this.x -= dx / this.scale;
    this.y -= dy / this.scale;
  }

  /** [x, y, width, height] of the world area shown. */
  box() {
    const vw = this.w / this.scale;
    const vh = this.h / this.scale;
    return [this.x - vw / 2, this.y - vh / 2, vw, vh];
  }

  viewBox() {
    return this.box().map((v) => v.toFixed(2)).join(" ");
  }
}
