// Emerald board geometry (SVG user units). The path runs left to right along the bottom (castle, then
// the plain squares P1–P6), then climbs the mountain column M1 (bottom) … M9 (top) to the lair.
// Each mountain square has its gold pile on the left, its gem pile on the right and the flight-track
// rail beyond the gem piles; the players' cards fill the top-left corner.

/** The synced traits this module reflects. @typedef {Pick<import("../shared/model.js").GameTraits, "board">} LayoutTraits */

export const VIEW = { width: 960, height: 730 };

/** Start spaces: 4 towers at the castle's corners and the keep in the middle. */
export const CASTLE = { x: 14, y: 542, w: 190, h: 178 };
const TOWERS = {
  T1: { cx: 52, cy: 582 },
  T2: { cx: 166, cy: 582 },
  T3: { cx: 52, cy: 680 },
  T4: { cx: 166, cy: 680 },
  KEEP: { cx: 109, cy: 631 },
};
export const TOWER_R = 32;
export const KEEP_R = 32;

const PLAIN = { x0: 214, y: 628, w: 58, h: 90, pitch: 64 };
const MOUNTAIN = { x: 650, w: 140, h: 48, cy1: 600, pitch: 56 };
export const PILE = { w: 36, h: 48, goldX: 620, gemX: 820 };
export const RAIL = { x: 852, w: 80 };
export const LAIR = { x: 640, y: 26, w: 160, h: 86 };
export const TREASURES = { x: 812, y: 36, w: 40, h: 54 };
export const NEST = { x: 492, y: 26, w: 134, h: 86 };
export const DIE = { x: 866, y: 652, size: 56 };
export const HANDS = { x: 16, y: 16, w: 462, bottom: 500 };

/** Mountain number of a square id ("M4" -> 4), or 0. */
export function mountainNumber(id) {
  const m = /^M([1-9])$/.exec(id || "");
  return m ? Number(m[1]) : 0;
}

/** Centre y of mountain square Mk. */
export function mountainY(k) {
  return MOUNTAIN.cy1 - (k - 1) * MOUNTAIN.pitch;
}

/**
 * The shape of a space: a circle for towers and the keep, a rectangle for squares.
 * @param {string} id  "T1".."T4", "KEEP", "P1".."P6", "M1".."M9"
 * @returns {{shape: "circle", cx: number, cy: number, r: number} | {shape: "rect", x: number, y: number, w: number, h: number, cx: number, cy: number} | null}
 */
export function spaceGeometry(id) {
  if (TOWERS[id]) return { shape: "circle", ...TOWERS[id], r: id === "KEEP" ? KEEP_R : TOWER_R };
  const p = /^P([1-6])$/.exec(id);
  if (p) {
    const x = PLAIN.x0 + (Number(p[1]) - 1) * PLAIN.pitch;
    return { shape: "rect", x, y: PLAIN.y, w: PLAIN.w, h: PLAIN.h, cx: x + PLAIN.w / 2, cy: PLAIN.y + PLAIN.h / 2 };
  }
  const k = mountainNumber(id);
  if (k) {
    const cy = mountainY(k);
    return { shape: "rect", x: MOUNTAIN.x, y: cy - MOUNTAIN.h / 2, w: MOUNTAIN.w, h: MOUNTAIN.h, cx: MOUNTAIN.x + MOUNTAIN.w / 2, cy };
  }
  return null;
}

/** Between two knight stacks side by side: their touch targets (`STACK_HIT`) meet and never overlap. */
export const STACK_GAP = 24;
/** The radius of a knight stack's touch target: 24 units across, 24 CSS px at the board's least width (emerald.css). */
export const STACK_HIT = 12;

/**
 * Centres for `n` knight stacks on a space (in colour order).
 * @param {string} id
 * @param {number} n
 * @returns {{x: number, y: number, r: number}[]}
 */
export function stackSlots(id, n) {
  const g = spaceGeometry(id);
  if (!g) return [];
  if (g.shape === "circle") {
    // up to 3 in a row under the label, the rest in a second row
    const rows = n <= 3 ? [n] : [3, n - 3];
    const ys = rows.length === 1 ? [g.cy + 5] : [g.cy + 1, g.cy + 18];
    return rows.flatMap((m, row) =>
      Array.from({ length: m }, (_, i) => ({ x: g.cx + (i - (m - 1) / 2) * STACK_GAP, y: ys[row], r: 7.5 })),
    );
  }
  if (mountainNumber(id)) {
    return Array.from({ length: n }, (_, i) => ({ x: g.x + 44 + i * STACK_GAP, y: g.cy + 2, r: 9 }));
  }
  return Array.from({ length: n }, (_, i) => ({ x: g.x + 17 + (i % 2) * STACK_GAP, y: g.y + 32 + Math.floor(i / 2) * 22, r: 9 }));
}

/** Centre of a pile card beside mountain square Mk. */
export function pileCentre(k, kind) {
  return { x: kind === "gold" ? PILE.goldX : PILE.gemX, y: mountainY(k) };
}

/** Centre of the rail slot beside Mk (the dragon stands there). */
export function railCentre(k) {
  return { x: RAIL.x + RAIL.w / 2, y: mountainY(k) };
}

/** Centres of the 4 places of the lair corridor. */
export function lairPlaces() {
  return [0, 1, 2, 3].map((i) => ({ x: LAIR.x + 28 + i * 35, y: LAIR.y + 58 }));
}

/** The road through every space, in path order (drawn behind the spaces). */
export function roadPoints() {
  const pts = [{ x: CASTLE.x + CASTLE.w - 4, y: PLAIN.y + PLAIN.h / 2 }];
  for (let k = 1; k <= 6; k += 1) pts.push({ x: spaceGeometry(`P${k}`).cx, y: PLAIN.y + PLAIN.h / 2 });
  const m1 = spaceGeometry("M1");
  pts.push({ x: m1.cx, y: PLAIN.y + PLAIN.h / 2 });
  for (let k = 1; k <= 9; k += 1) pts.push({ x: m1.cx, y: mountainY(k) });
  pts.push({ x: m1.cx, y: LAIR.y + LAIR.h / 2 });
  return pts;
}
