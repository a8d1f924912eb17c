/* global URL, console, process */
// The web's own banners (public/banners/*.svg, the Top carousel's pictures until staff upload their own) as WebP
// pictures of the contract's widths beside them in dist/banners ({name}-{width}.webp): a phone decodes a picture off
// its main thread and takes the width its screen needs (packages/contract/src/art-images.ts; the pages name them in
// srcset, src/lib/art-image.ts). Run after `vite build`, as `npm run build` does.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const web = new URL('../', import.meta.url).pathname;
// the contract's ART_WIDTHS (a .ts file this plain script cannot import; src/lib/art-image.test.ts checks they agree)
const WIDTHS = [320, 640, 960, 1280];
const dir = join(web, 'dist', 'banners');

let count = 0;
for (const file of readdirSync(dir).filter((f) => f.endsWith('.svg'))) {
  const svg = readFileSync(join(dir, file));
  const { width: drawn } = await sharp(svg).metadata();
  for (const width of WIDTHS) {
    const density = Math.min(2400, (72 * width) / (drawn || width));
    const webp = await sharp(svg, { density }).resize({ width }).webp({ quality: 80 }).toBuffer();
    writeFileSync(join(dir, `${file.slice(0, -'.svg'.length)}-${width}.webp`), webp);
    count++;
  }
}
console.log(`banners: ${count} WebP pictures in dist/banners`);
process.exit(0);
