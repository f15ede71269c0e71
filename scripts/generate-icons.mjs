// Draws Stash's icon (public/favicon.svg: a white bookmark on a green rounded square) as PNGs for
// the installable app (public/icons/) and the browser extension (src/extension/icons/).
// Run it after changing the design: `node scripts/generate-icons.mjs`. The PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';

const GREEN = [0x15, 0x80, 0x3d];
const WHITE = [0xff, 0xff, 0xff];
/** The bookmark of favicon.svg, in its 32-unit box. */
const BOOKMARK = [
  [10, 7],
  [22, 7],
  [23, 8],
  [23, 25.2],
  [16, 21.5],
  [9, 25.2],
  [9, 8],
];
const SAMPLES = 4;

/**
 * One icon. `rounded`: corners cut as in favicon.svg (browsers show it as it is). Otherwise the
 * square is full (maskable and Apple icons: the system cuts its own shape) and the bookmark
 * shrinks by `glyphScale` to stay inside the safe zone.
 */
function drawIcon(size, { rounded, glyphScale = 1 }) {
  const pixels = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let background = 0;
      let glyph = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const u = ((x + (sx + 0.5) / SAMPLES) / size) * 32;
          const v = ((y + (sy + 0.5) / SAMPLES) / size) * 32;
          if (!rounded || insideRoundedSquare(u, v)) background++;
          const gu = 16 + (u - 16) / glyphScale;
          const gv = 16 + (v - 16) / glyphScale;
          if (insidePolygon(gu, gv, BOOKMARK)) glyph++;
        }
      }
      const coverage = background / SAMPLES ** 2;
      const white = Math.min(glyph, background) / SAMPLES ** 2 / (coverage || 1);
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) pixels[i + c] = Math.round(GREEN[c] * (1 - white) + WHITE[c] * white);
      pixels[i + 3] = Math.round(coverage * 255);
    }
  }
  return encodePng(size, pixels);
}

function insideRoundedSquare(u, v, radius = 7) {
  const dx = Math.max(radius - u, 0, u - (32 - radius));
  const dy = Math.max(radius - v, 0, v - (32 - radius));
  return dx * dx + dy * dy <= radius * radius;
}

function insidePolygon(u, v, points) {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i];
    const [xj, yj] = points[j];
    if (yi > v !== yj > v && u < ((xj - xi) * (v - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function encodePng(size, rgba) {
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const icons = {
  'public/icons/icon-192.png': drawIcon(192, { rounded: true }),
  'public/icons/icon-512.png': drawIcon(512, { rounded: true }),
  // The maskable safe zone is the centre circle of 80% of the width.
  'public/icons/icon-maskable-512.png': drawIcon(512, { rounded: false, glyphScale: 0.75 }),
  'public/icons/apple-touch-icon.png': drawIcon(180, { rounded: false, glyphScale: 0.85 }),
  'src/extension/icons/icon-16.png': drawIcon(16, { rounded: true }),
  'src/extension/icons/icon-32.png': drawIcon(32, { rounded: true }),
  'src/extension/icons/icon-48.png': drawIcon(48, { rounded: true }),
  'src/extension/icons/icon-128.png': drawIcon(128, { rounded: true }),
};
mkdirSync('public/icons', { recursive: true });
mkdirSync('src/extension/icons', { recursive: true });
for (const [file, png] of Object.entries(icons)) writeFileSync(file, png);
console.log(`Wrote ${Object.keys(icons).length} icons.`);
