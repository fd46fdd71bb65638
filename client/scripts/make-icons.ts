/**
 * Draws the app's icons (the kabuto helmet of `app/icons.tsx`'s KabutoMark) into
 * client/public/icons: 192 and 512 px with rounded corners for browsers' "any" purpose, and a
 * full-bleed 512 px "maskable" one whose mark keeps inside the 80% safe zone that launchers crop
 * to. The PNGs are committed; run this again only when the mark changes:
 * `node client/scripts/make-icons.ts` (sharp comes with the api workspace).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const brand = "#1f4fd8";
const out = path.resolve(import.meta.dirname, "..", "public", "icons");
const mark = `
  <path d="M12 9c1 7 4.5 11.5 12 13 7.5-1.5 11-6 12-13-3 5-7 7.5-12 8-5-.5-9-3-12-8z" fill="#fff"/>
  <path d="M10 34c0-7.5 6.3-12 14-12s14 4.5 14 12z" fill="#fff"/>
  <path d="M7 34.5h34l-3.5 5H10.5z" fill="#fff" opacity="0.85"/>
  <circle cx="24" cy="27.5" r="2.2" fill="${brand}"/>`;

const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" rx="12" fill="${brand}"/>${mark}</svg>`;
// Maskable: the background fills the square; the mark shrinks to 70% around the centre.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">
  <rect width="48" height="48" fill="${brand}"/>
  <g transform="translate(7.2 7.2) scale(0.7)">${mark}</g></svg>`;

mkdirSync(out, { recursive: true });
const draw = (svg: string, size: number, name: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));

await Promise.all([
  draw(rounded, 192, "icon-192.png"),
  draw(rounded, 512, "icon-512.png"),
  draw(maskable, 512, "icon-maskable-512.png"),
  draw(rounded, 180, "apple-touch-icon.png"),
]);
