import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32, deflateSync } from "node:zlib";

/** One PNG chunk: length, type, data and the CRC over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 256-pixel square tile in one calm colour, with a darker edge so the grid shows: a real PNG a browser draws. */
export function tilePng(rgb: [number, number, number] = [236, 231, 220]): Buffer {
  const size = 256;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const row = y * (size * 3 + 1);
    rows[row] = 0; // no filter
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0;
      const at = row + 1 + x * 3;
      rows[at] = edge ? rgb[0] - 20 : rgb[0];
      rows[at + 1] = edge ? rgb[1] - 20 : rgb[1];
      rows[at + 2] = edge ? rgb[2] - 20 : rgb[2];
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export type TileServer = {
  /** The MAP_TILE_URL to give the app. */
  tileUrl: string;
  /** Every tile asked for, as "z/x/y". */
  requested: string[];
  close(): Promise<void>;
};

/** A map tile server on the loopback address: /{z}/{x}/{y}.png answers a generated PNG, anything else a 404. */
export async function startTileServer(): Promise<TileServer> {
  const png = tilePng();
  const requested: string[] = [];
  const server = http.createServer((request, response) => {
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? "");
    if (!match) {
      response.writeHead(404).end();
      return;
    }
    requested.push(`${match[1]}/${match[2]}/${match[3]}`);
    response.writeHead(200, {
      "Content-Type": "image/png",
      "Content-Length": png.length,
      "Access-Control-Allow-Origin": "*",
    });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requested,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
