// Hex-grid geometry for every game's board (no DOM): axial coordinates, corners, pixel
// positions and SVG points strings, for pointy-topped ("pointy") and flat-topped ("flat") hexes.
//
// Conventions (those of redblobgames.com/grids/hexagons, SVG's y axis pointing down):
// - axial (q, r): q grows to the east (pointy) or south-east (flat), r to the south-east
//   (pointy) or south (flat); `size` is a hex's circumradius (centre to corner).
// - corner i (0-5) goes clockwise on screen: a pointy hex starts at its top corner (-90°),
//   a flat one at its right corner (0°). Side i lies between corner i and corner i+1, and
//   SIDE_DIRECTIONS[orientation][i] is the axial step to the neighbour across it.
// - the lattice: integer coordinates on which every centre and corner of a grid falls. For
//   pointy hexes a centre is (2q + r, 3r) and its corners are LATTICE_CORNERS.pointy from it,
//   one unit being size·√3/2 across and size/2 down; for flat hexes the axes swap roles.

export const POINTY = "pointy";
export const FLAT = "flat";
const SQRT3 = Math.sqrt(3);
const DEG = Math.PI / 180;

/** The six axial steps to a hex's neighbours, in side order (see the module comment). */
export const SIDE_DIRECTIONS = {
  pointy: [[1, -1], [1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1]],
  flat: [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]],
};

/** Corner offsets from a hex's centre in lattice units, in corner order. */
export const LATTICE_CORNERS = {
  pointy: [[0, -2], [1, -1], [1, 1], [0, 2], [-1, 1], [-1, -1]],
  flat: [[2, 0], [1, 1], [-1, 1], [-2, 0], [-1, -1], [1, -1]],
};

/** The angle in degrees of corner `i` (any integer; taken modulo 6 in effect). */
export function cornerAngle(i, orientation = POINTY) {
  return (orientation === FLAT ? 0 : -90) + 60 * i;
}

/** [x, y] of corner `i` of the hex of circumradius `size` centred at (cx, cy). */
export function corner(cx, cy, size, i, orientation = POINTY) {
  const a = cornerAngle(i, orientation) * DEG;
  return [cx + size * Math.cos(a), cy + size * Math.sin(a)];
}

/** The six corners [[x, y], ...] of a hex, in corner order. */
export function corners(cx, cy, size, orientation = POINTY) {
  return [0, 1, 2, 3, 4, 5].map((i) => corner(cx, cy, size, i, orientation));
}

/** "x1,y1 x2,y2 ..." for an SVG polygon/polyline, `digits` decimals. */
export function points(list, digits = 1) {
  return list.map(([x, y]) => `${x.toFixed(digits)},${y.toFixed(digits)}`).join(" ");
}

/** The points string of a hex's outline. */
export function hexPoints(cx, cy, size, orientation = POINTY, digits = 1) {
  return points(corners(cx, cy, size, orientation), digits);
}

/** Pixel centre [x, y] of axial hex (q, r), the hex (0, 0) at the origin. */
export function axialToPixel(q, r, size, orientation = POINTY) {
  if (orientation === FLAT) return [size * 1.5 * q, size * SQRT3 * (r + q / 2)];
  return [size * SQRT3 * (q + r / 2), size * 1.5 * r];
}

/** The axial hex [q, r] whose area holds pixel (x, y) (the inverse of axialToPixel). */
export function pixelToAxial(x, y, size, orientation = POINTY) {
  const [q, r] = orientation === FLAT
    ? [((2 / 3) * x) / size, ((-1 / 3) * x + (SQRT3 / 3) * y) / size]
    : [((SQRT3 / 3) * x - (1 / 3) * y) / size, ((2 / 3) * y) / size];
  return axialRound(q, r);
}

/** The hex [q, r] nearest fractional axial coordinates (cube rounding). */
export function axialRound(q, r) {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return [rq + 0, rr + 0]; // + 0 turns -0 into 0
}

/** The six neighbours [[q, r], ...] of (q, r), in side order. */
export function neighbours(q, r, orientation = POINTY) {
  return SIDE_DIRECTIONS[orientation].map(([dq, dr]) => [q + dq, r + dr]);
}

/** Steps between hexes a and b ([q, r] each). */
export function axialDistance([aq, ar], [bq, br]) {
  const dq = aq - bq;
  const dr = ar - br;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Lattice coordinates [X, Y] of the centre of axial hex (q, r). */
export function latticeCentre(q, r, orientation = POINTY) {
  return orientation === FLAT ? [3 * q, 2 * r + q] : [2 * q + r, 3 * r];
}

/** Lattice coordinates of the six corners of axial hex (q, r), in corner order. */
export function latticeCorners(q, r, orientation = POINTY) {
  const [X, Y] = latticeCentre(q, r, orientation);
  return LATTICE_CORNERS[orientation].map(([dx, dy]) => [X + dx, Y + dy]);
}

/** Pixel position [x, y] of lattice point (X, Y) for hexes of circumradius `size`. */
export function latticeToPixel(X, Y, size, orientation = POINTY) {
  return orientation === FLAT ? [(X * size) / 2, (Y * size * SQRT3) / 2] : [(X * size * SQRT3) / 2, (Y * size) / 2];
}
