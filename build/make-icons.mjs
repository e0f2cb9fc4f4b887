// Draws the app's icons as PNG files (no image tools needed): `node build/make-icons.mjs`.
// build/resources/icon.png  512 px, electron-builder's source for .ico/.icns/Linux icons
// build/tray/app.png        256 px, the window icon
// build/tray/tray-<state>.png  32 px, one per tray state: a headset-blue disc for the app, with a status dot
// build/tray/tray-<state>Template.png (16 px) and …Template@2x.png (32 px): the macOS menu bar's versions.
//   macOS draws menu-bar icons itself from a template image (black + alpha, the name ending in Template),
//   so they follow light and dark menu bars; colour there is wrong. The state shows in the shape instead.
// The output is committed; rerun after changing the drawing.
/* global console */
import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

const here = import.meta.dirname;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const BLUE = [37, 99, 235];
const WHITE = [255, 255, 255];
const STATE_COLOURS = {
  'signed-out': [148, 163, 184],
  online: [22, 163, 74],
  offline: [234, 88, 12],
  ongoing: [37, 99, 235],
};

/** A disc with a white headset arc; `dot` adds a status dot at the lower right. */
function drawIcon(dot) {
  return (u, v) => {
    const dx = u - 0.5;
    const dy = v - 0.5;
    const r = Math.hypot(dx, dy);
    if (dot) {
      const dr = Math.hypot(u - 0.78, v - 0.78);
      if (dr < 0.2) return dr < 0.16 ? [...dot, 255] : [...WHITE, 255];
    }
    if (r > 0.48) return [0, 0, 0, 0];
    const arc = r > 0.24 && r < 0.31 && dy < 0.05;
    const earL = Math.abs(dx + 0.275) < 0.07 && dy > -0.02 && dy < 0.16;
    const earR = Math.abs(dx - 0.275) < 0.07 && dy > -0.02 && dy < 0.16;
    return arc || earL || earR ? [...WHITE, 255] : [...(dot ? [71, 85, 105] : BLUE), 255];
  };
}

writeFileSync(path.join(here, 'resources/icon.png'), png(512, drawIcon(null)));
writeFileSync(path.join(here, 'tray/app.png'), png(256, drawIcon(null)));
for (const [state, colour] of Object.entries(STATE_COLOURS)) {
  writeFileSync(path.join(here, `tray/tray-${state}.png`), png(32, drawIcon(colour)));
}
/** Black + alpha: the headset alone; signed out faint, offline cut by a slash, ongoing with a solid dot. */
function drawTemplate(state) {
  const black = (alpha) => [0, 0, 0, Math.round(alpha * 255)];
  return (u, v) => {
    const dx = u - 0.5;
    const dy = v - 0.5;
    const r = Math.hypot(dx, dy);
    if (state === 'ongoing' && Math.hypot(u - 0.8, v - 0.8) < 0.18) return black(1);
    if (state === 'offline') {
      const d = Math.abs(u - v); // distance from the diagonal, top-left to bottom-right
      if (d < 0.07) return black(1);
      if (d < 0.15) return [0, 0, 0, 0]; // a gap either side keeps the slash readable
    }
    const arc = r > 0.3 && r < 0.4 && dy < 0.06;
    const earL = Math.abs(dx + 0.35) < 0.1 && dy > -0.02 && dy < 0.26;
    const earR = Math.abs(dx - 0.35) < 0.1 && dy > -0.02 && dy < 0.26;
    if (!(arc || earL || earR)) return [0, 0, 0, 0];
    return black(state === 'signed-out' ? 0.45 : 1);
  };
}
for (const state of Object.keys(STATE_COLOURS)) {
  writeFileSync(path.join(here, `tray/tray-${state}Template.png`), png(16, drawTemplate(state)));
  writeFileSync(path.join(here, `tray/tray-${state}Template@2x.png`), png(32, drawTemplate(state)));
}
console.log('icons written');
