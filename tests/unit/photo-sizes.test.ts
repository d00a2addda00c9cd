import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_PHOTO_WIDTHS, photoSrcSet, sizedName, uploadedPhotoKey } from "../../common/domain/photo-sizes";

describe("photo sizes", () => {
  const key = "0123456789abcdef0123456789abcdef";

  it("offers the three stored widths of an uploaded photo", () => {
    expect(uploadedPhotoKey(`/media/photos/${key}/1600.webp`)).toBe(key);
    expect(photoSrcSet(`/media/photos/${key}/1600.webp`)).toBe(
      `/media/photos/${key}/480.webp 480w, /media/photos/${key}/960.webp 960w, /media/photos/${key}/1600.webp 1600w`,
    );
  });

  it("offers a demo photo's smaller copies, which exist on disk", () => {
    expect(photoSrcSet("/media/demo/bathroom-marble-1.webp")).toBe(
      "/media/demo/bathroom-marble-1-w480.webp 480w, /media/demo/bathroom-marble-1-w800.webp 800w, /media/demo/bathroom-marble-1.webp 1200w",
    );
    const demoDir = path.resolve(import.meta.dirname, "../../server/assets/demo-photos");
    const originals = readdirSync(demoDir).filter((file) => !/-w\d+\.webp$/.test(file));
    expect(originals.length).toBeGreaterThan(0);
    for (const file of originals) {
      for (const width of DEMO_PHOTO_WIDTHS) {
        expect(existsSync(path.join(demoDir, `${sizedName(file.replace(/\.webp$/, ""), width)}.webp`)), file).toBe(
          true,
        );
      }
    }
  });

  it("leaves photos by address, a demo copy and odd paths alone", () => {
    for (const url of [
      "https://example.com/photo.jpg",
      "/media/demo/bathroom-marble-1-w480.webp",
      "/media/demo/../secret.webp",
      `/media/photos/${key}/480.webp`,
      `/media/photos/${key.toUpperCase()}/1600.webp`,
      `/media/photos/../${key}/1600.webp`,
    ]) {
      expect(photoSrcSet(url), url).toBeNull();
    }
  });
});
