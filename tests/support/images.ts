import sharp from "sharp";

export type ImageFormat = "jpeg" | "png" | "webp" | "avif" | "gif" | "tiff";

/**
 * A real image of `width` × `height` in `format`, drawn by sharp: a two-colour picture, so that a
 * rotation can be seen in the result. `orientation` writes an EXIF orientation tag (JPEG), and `gps` an
 * EXIF GPS tag, to check that uploads are turned upright and stripped.
 */
export async function makeImage(
  format: ImageFormat,
  options: { width?: number; height?: number; orientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const { width = 1200, height = 800 } = options;
  const left = await sharp({
    create: { width: Math.ceil(width / 2), height, channels: 3, background: { r: 180, g: 40, b: 60 } },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } } }).composite([
    { input: left, left: 0, top: 0 },
  ]);
  if (options.orientation || options.gps) {
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      ...(options.gps ? { exif: { IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1" } } } : {}),
    });
  }
  return image.toFormat(format).toBuffer();
}

/** A PNG whose header promises `megapixels` million pixels of one colour: small on disk, huge decoded. */
export async function makeLargePicture(megapixels: number): Promise<Buffer> {
  const width = 10_000;
  const height = Math.ceil((megapixels * 1_000_000) / width);
  return sharp({ create: { width, height, channels: 3, background: { r: 250, g: 250, b: 250 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
