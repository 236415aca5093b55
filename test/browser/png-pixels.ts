// Reads an 8-bit RGB or RGBA PNG (what Chromium's --screenshot writes) into pixels, with node:zlib
// only: enough for a test to tell a drawn page from a blank one.

import { inflateSync } from 'node:zlib';

/** A decoded image: width, height and RGBA bytes. */
export interface Pixels { width: number; height: number; rgba: Uint8Array }

/** Decodes `png`; throws on anything but 8-bit non-interlaced RGB/RGBA. */
export function decodePng(png: Buffer): Pixels {
  if (png.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0, height = 0, colorType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9]!;
      if (data[8] !== 8 || (colorType !== 2 && colorType !== 6) || data[12] !== 0) throw new Error('unsupported PNG format');
    } else if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  let previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const current = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? current[i - channels]! : 0;
      const b = previous[i]!;
      const c = i >= channels ? previous[i - channels]! : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      current[i] = (line[i]! + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      for (let k = 0; k < 3; k++) out[(y * width + x) * 4 + k] = current[x * channels + k]!;
      out[(y * width + x) * 4 + 3] = channels === 4 ? current[x * channels + 3]! : 255;
    }
    previous = current;
  }
  return { width, height, rgba: out };
}

/** How many pixels differ from the top-left pixel's colour, and how many distinct colours there are. */
export function inkStats(pixels: Pixels): { ink: number; colours: number } {
  const { rgba } = pixels;
  const background = rgba[0]! << 24 | rgba[1]! << 16 | rgba[2]! << 8 | rgba[3]!;
  const colours = new Set<number>();
  let ink = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    const colour = rgba[i]! << 24 | rgba[i + 1]! << 16 | rgba[i + 2]! << 8 | rgba[i + 3]!;
    if (colour !== background) ink++;
    if (colours.size < 10_000) colours.add(colour);
  }
  return { ink, colours: colours.size };
}
