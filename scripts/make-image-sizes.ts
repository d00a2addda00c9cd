/**
 * The smaller copies of the demo photos and the home page's hero picture, for srcset: a phone fetches a
 * picture the width of its screen, not the 1200 or 2000 px original. Run after changing those pictures
 * (the outputs are committed):
 *   npx tsx scripts/make-image-sizes.ts
 * Widths are in common/domain/photo-sizes.ts (demo photos) and client/lib/site-images.ts (hero).
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { HERO_WIDTHS } from "../client/lib/site-images";
import { DEMO_PHOTO_WIDTHS, sizedName } from "../common/domain/photo-sizes";

const ROOT = path.resolve(import.meta.dirname, "..");

async function writeSizes(file: string, widths: readonly number[]) {
  const name = path.basename(file, ".webp");
  for (const width of widths) {
    const out = path.join(path.dirname(file), `${sizedName(name, width)}.webp`);
    await sharp(file).resize({ width }).webp({ quality: 72, effort: 6 }).toFile(out);
  }
}

const demoDir = path.join(ROOT, "server/assets/demo-photos");
const originals = readdirSync(demoDir).filter((file) => file.endsWith(".webp") && !/-w\d+\.webp$/.test(file));
for (const file of originals) await writeSizes(path.join(demoDir, file), DEMO_PHOTO_WIDTHS);
await writeSizes(path.join(ROOT, "client/public/images/hero-london.webp"), HERO_WIDTHS);
console.log(`Wrote ${originals.length * DEMO_PHOTO_WIDTHS.length + HERO_WIDTHS.length} smaller copies`);
