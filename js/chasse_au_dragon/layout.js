// La Chasse au Dragon's forest geometry and the colours the contract names only by word.
// Squares are (x, y), 0..7, x the column left to right, y the row top to bottom (CD-REC-1); the
// forest edge is the outer ring (depth 0), the inner 6 x 6 is depth 1..3 (CD-BOARD-2/3).

/**
 * `game.board_layout()`, sent once (the La Chasse au Dragon contract).
 * @typedef {Object} ChasseLayout
 * @property {number} size                                  8
 * @property {Record<string, {name: string}>} colours       white, blue, black, orange, red, green
 * @property {string[]} seat_colours                        the colour of each seat
 * @property {Record<string, number>} powers                monster type -> power (= its die)
 * @property {number[]} dice                                the dice of the box
 */

/** One square's side and the margin holding the coordinates (SVG units). */
export const CELL = 64;
export const PAD = 20;

/** The pawn and tent colours (the component list names them; the CSS values are ours). */
export const PAWN_CSS = {
  white: { fill: "#ffffff", edge: "#1a1a1a" },
  blue: { fill: "#1e88e5", edge: "#0d2a4d" },
  black: { fill: "#262626", edge: "#e0e0e0" },
  orange: { fill: "#fb8c00", edge: "#4e2a00" },
  red: { fill: "#e53935", edge: "#4a0d0c" },
  green: { fill: "#7cb342", edge: "#1b3300" },
};

/** The monster types in the order of their power (CD-MON-1). */
export const MONSTERS = ["goblin", "orc", "ogre", "troll", "giant", "dragon"];

/** @param {ChasseLayout} layout */
export function boardSize(layout) {
  return layout?.size || 8;
}

/** The SVG viewBox of the forest. @param {ChasseLayout} layout */
export function viewBox(layout) {
  const side = boardSize(layout) * CELL;
  return { x: -PAD, y: -PAD, w: side + PAD + 6, h: side + PAD + 6 };
}

/** Depth of a square: 0 on the forest edge, 1..3 deeper in (CD-REC-1). */
export function depth(x, y, size = 8) {
  return Math.min(x, y, size - 1 - x, size - 1 - y);
}

/** The contract's square id `"x,y"`, and back. */
export const squareId = (x, y) => `${x},${y}`;
export function parseSquare(id) {
  const [x, y] = String(id).split(",").map(Number);
  return { x, y };
}

/** Top-left corner of a square in SVG units. */
export function cellOrigin(id) {
  const { x, y } = parseSquare(id);
  return { x: x * CELL, y: y * CELL };
}

/** The colour word of a seat ("white") and its CSS fill and edge. */
export function seatColour(layout, seat) {
  const word = layout?.seat_colours?.[seat] ?? "white";
  return { word, ...(PAWN_CSS[word] || PAWN_CSS.white) };
}

/**
 * Where `n` pawns stand on a square, and the box each takes taps in (issue 27, item 13, WCAG 2.5.8): one
 * pawn stands low in the middle; several share the square in a grid of equal cells that never overlap, a
 * pawn at the foot of each: two side by side in the lower half, three or four in 2 x 2 cells of 32 units,
 * five or six in 3 x 2 cells of 21 x 32 units. The forest is never drawn under 1 CSS px a unit (its
 * `min-width`), and at 768 px wide it is 640 px wide, so a cell is 24 CSS px or more there.
 * @returns {{x: number, y: number, hit: {x: number, y: number, w: number, h: number}}[]} each pawn's foot
 *     relative to the square's corner, and its tap box relative to its foot
 */
export function pawnFan(n) {
  if (n <= 1) return [{ x: CELL / 2, y: CELL - 7, hit: { x: -13, y: -29, w: 26, h: 32 } }];
  const cols = n === 2 ? 2 : n <= 4 ? 2 : 3;
  const rows = n === 2 ? 1 : 2;
  const w = CELL / cols;
  const h = CELL / 2;
  const top = CELL - rows * h;
  return Array.from({ length: n }, (_, i) => {
    const col = i % cols;
    const row = Math.floor(i / cols);
    const foot = { x: col * w + w / 2, y: top + (row + 1) * h - 4 };
    return { ...foot, hit: { x: -w / 2, y: 4 - h, w, h } };
  });
}

/** "1 goblin quarter", "5 goblin quarters". */
export function quarterWords(n) {
  return `${n} goblin quarter${n === 1 ? "" : "s"}`;
}

/** A probability as a percentage with one decimal ("11.2%"). */
export function pct(p) {
  return `${(Math.round((p ?? 0) * 1000) / 10).toFixed(1)}%`;
}
