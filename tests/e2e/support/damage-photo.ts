import sharp from "sharp";

/** A real JPEG for an upload field: a plain picture drawn by sharp. */
export function makeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 150, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}
