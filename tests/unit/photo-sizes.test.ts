import { describe, expect, it } from "vitest";
import { photoSrcSet, uploadedPhotoKey } from "../../common/domain/photo-sizes";

describe("uploaded photo sizes", () => {
  const key = "0123456789abcdef0123456789abcdef";

  it("offers the three stored widths of an uploaded photo", () => {
    expect(uploadedPhotoKey(`/media/photos/${key}/1600.webp`)).toBe(key);
    expect(photoSrcSet(`/media/photos/${key}/1600.webp`)).toBe(
      `/media/photos/${key}/480.webp 480w, /media/photos/${key}/960.webp 960w, /media/photos/${key}/1600.webp 1600w`,
    );
  });

  it("leaves photos by address, demo photos and odd paths alone", () => {
    for (const url of [
      "https://example.com/photo.jpg",
      "/media/demo/bathroom-marble-1.webp",
      `/media/photos/${key}/480.webp`,
      `/media/photos/${key.toUpperCase()}/1600.webp`,
      `/media/photos/../${key}/1600.webp`,
    ]) {
      expect(photoSrcSet(url), url).toBeNull();
    }
  });
});
