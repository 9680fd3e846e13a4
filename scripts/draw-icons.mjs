// Draws the app's PNG icons (public/icons) from its two SVGs: the rounded icon for browsers and the
// apple-touch icon, and the full-bleed maskable one whose drawing stays inside the safe circle (72 %).
// Run by hand after changing an SVG (`node scripts/draw-icons.mjs`); the PNGs are committed, so builds need no sharp.
import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const dir = path.join(import.meta.dirname, "..", "public", "icons");
const plain = await readFile(path.join(dir, "icon.svg"));
const maskable = await readFile(path.join(dir, "icon-maskable.svg"));

const outputs = [
  { svg: plain, size: 192, file: "icon-192.png" },
  { svg: plain, size: 512, file: "icon-512.png" },
  { svg: maskable, size: 512, file: "icon-maskable-512.png" },
  // iOS rounds the corners itself and shows transparency as black: the full-bleed drawing.
  { svg: maskable, size: 180, file: "apple-touch-icon.png" },
];
for (const { svg, size, file } of outputs) {
  await sharp(svg, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toFile(path.join(dir, file));
  console.info(`drew public/icons/${file} (${size}×${size})`);
}
