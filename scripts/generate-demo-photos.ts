/**
 * Renders the demo photographs and marketing images from hand-written SVG scenes, so the app ships its
 * own pictures and never needs the internet. Deterministic: the same code gives the same files.
 *
 *   npx tsx scripts/generate-demo-photos.ts                 # write every image
 *   npx tsx scripts/generate-demo-photos.ts --only living   # only names containing "living"
 *   npx tsx scripts/generate-demo-photos.ts --preview /tmp/previews   # also write PNG copies there
 *
 * Outputs: server/assets/demo-photos/*.webp (served at /media/demo/<file>) and client/public/images/.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { createRandom as createSeededRandom } from "../server/db/seed-kit";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PHOTO_DIR = path.join(ROOT, "server/assets/demo-photos");
const PUBLIC_DIR = path.join(ROOT, "client/public/images");

// ---------------------------------------------------------------------------------------------
// Small utilities: a seeded PRNG, colour arithmetic and an SVG builder
// ---------------------------------------------------------------------------------------------

/** The seed data's PRNG, seeded from a file name (FNV-1a), with a range for sizes and positions. */
function createRandom(seedText: string) {
  let seed = 2166136261;
  for (const ch of seedText) seed = Math.imul(seed ^ ch.charCodeAt(0), 16777619);
  const random = createSeededRandom(seed);
  return { ...random, range: (min: number, max: number) => min + (max - min) * random.next() };
}
type Random = ReturnType<typeof createRandom>;

function parseHex(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [0, 2, 4].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}
/** Linear mix of two colours, t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const ca = parseHex(a);
  const cb = parseHex(b);
  return toHex(
    [0, 1, 2].map((i) => (ca[i] as number) + ((cb[i] as number) - (ca[i] as number)) * t) as [number, number, number],
  );
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#1a1a22", t);

const f1 = (n: number) => (Math.round(n * 10) / 10).toString();
type P2 = [number, number];
const pts = (points: P2[]) => points.map(([x, y]) => `${f1(x)},${f1(y)}`).join(" ");

type Stop = [offset: number, color: string, opacity?: number];

class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private counter = 0;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}${this.counter}`;
  }
  private stops(stops: Stop[]) {
    return stops
      .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
      .join("");
  }
  /** A linear gradient in object-bounding-box units (0..1); returns `url(#id)`. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.nextId("g");
    this.defs.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  /** A linear gradient in user-space (pixel) coordinates. */
  linearAbs(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.nextId("g");
    this.defs.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${f1(x1)}" y1="${f1(y1)}" x2="${f1(x2)}" y2="${f1(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const id = this.nextId("r");
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${this.stops(stops)}</radialGradient>`);
    return `url(#${id})`;
  }
  blur(std: number): string {
    const id = this.nextId("b");
    this.defs.push(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${std}"/></filter>`,
    );
    return `url(#${id})`;
  }
  clip(inner: string): string {
    const id = this.nextId("c");
    this.defs.push(`<clipPath id="${id}">${inner}</clipPath>`);
    return `url(#${id})`;
  }
  add(s: string) {
    this.body.push(s);
  }
  /** Start a group; close it with `end()`. */
  group(attrs: string) {
    this.body.push(`<g ${attrs}>`);
  }
  end() {
    this.body.push("</g>");
  }
  rect(x: number, y: number, w: number, h: number, fill: string, extra = "") {
    this.body.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="${fill}" ${extra}/>`);
  }
  poly(points: P2[], fill: string, extra = "") {
    this.body.push(`<polygon points="${pts(points)}" fill="${fill}" ${extra}/>`);
  }
  line(x1: number, y1: number, x2: number, y2: number, stroke: string, width = 1, extra = "") {
    this.body.push(
      `<line x1="${f1(x1)}" y1="${f1(y1)}" x2="${f1(x2)}" y2="${f1(y2)}" stroke="${stroke}" stroke-width="${width}" ${extra}/>`,
    );
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = "") {
    this.body.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx)}" ry="${f1(ry)}" fill="${fill}" ${extra}/>`);
  }
  circle(cx: number, cy: number, r: number, fill: string, extra = "") {
    this.body.push(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="${fill}" ${extra}/>`);
  }
  path(d: string, fill: string, extra = "") {
    this.body.push(`<path d="${d}" fill="${fill}" ${extra}/>`);
  }
  toString() {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="0 0 ${this.width} ${this.height}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

// ---------------------------------------------------------------------------------------------
// A one-point-perspective room: x across (metres, 0 = room centre), y up from the floor, z away from
// the camera (0 = front of the room, `depth` = back wall). Boxes are drawn with shaded faces.
// ---------------------------------------------------------------------------------------------

type V3 = [number, number, number];

type InteriorPalette = {
  wall: string;
  sideWall: string;
  ceiling: string;
  trim: string;
  floor: string;
  floorAlt: string;
  rug: string;
  rugBorder: string;
  fabric: string;
  cushionA: string;
  cushionB: string;
  wood: string;
  metal: string;
  art: [string, string, string];
  plant: string;
  sky: [string, string];
  accent: string;
};

const INTERIOR_PALETTES = {
  sage: {
    wall: "#e4e6da",
    sideWall: "#d9dccd",
    ceiling: "#f4f3ec",
    trim: "#f7f5ee",
    floor: "#c69d70",
    floorAlt: "#bb9165",
    rug: "#dcd3c2",
    rugBorder: "#b8ab93",
    fabric: "#a3b096",
    cushionA: "#c77b58",
    cushionB: "#efe7d8",
    wood: "#a57a52",
    metal: "#b8934a",
    art: ["#c77b58", "#7f9173", "#e8d9bd"],
    plant: "#6d8a5f",
    sky: ["#cfe0ea", "#f4efe2"],
    accent: "#7f9173",
  },
  navy: {
    wall: "#ebe6dc",
    sideWall: "#e0dace",
    ceiling: "#f5f2ea",
    trim: "#f8f6f0",
    floor: "#8f6a4b",
    floorAlt: "#845f42",
    rug: "#d4cbbb",
    rugBorder: "#2f3d55",
    fabric: "#2f4060",
    cushionA: "#c9a24a",
    cushionB: "#dcb7a2",
    wood: "#5e4330",
    metal: "#c2a05a",
    art: ["#2f3d55", "#c9a24a", "#e6ddcd"],
    plant: "#5f7d57",
    sky: ["#c5d6e6", "#efe9dc"],
    accent: "#2f3d55",
  },
  ivory: {
    wall: "#f2ede3",
    sideWall: "#e8e2d6",
    ceiling: "#f8f6f1",
    trim: "#fbfaf6",
    floor: "#d8bb93",
    floorAlt: "#cfb089",
    rug: "#e9e2d4",
    rugBorder: "#cbbfa8",
    fabric: "#e4dccd",
    cushionA: "#b9a78b",
    cushionB: "#9fae95",
    wood: "#c39a6b",
    metal: "#b8934a",
    art: ["#b9a78b", "#9fae95", "#d9c9ad"],
    plant: "#6f8d62",
    sky: ["#d6e6ef", "#f7f2e7"],
    accent: "#b9a78b",
  },
  terracotta: {
    wall: "#efe3d5",
    sideWall: "#e6d7c6",
    ceiling: "#f6f1ea",
    trim: "#faf6f0",
    floor: "#b88c60",
    floorAlt: "#ad8257",
    rug: "#e3d3bf",
    rugBorder: "#b86b4b",
    fabric: "#b86b4b",
    cushionA: "#ede2d0",
    cushionB: "#6f7d62",
    wood: "#8d6644",
    metal: "#b8934a",
    art: ["#b86b4b", "#6f7d62", "#e7cfa9"],
    plant: "#5f7f54",
    sky: ["#d2e1ea", "#f5ecdf"],
    accent: "#b86b4b",
  },
  stone: {
    wall: "#dfdcd5",
    sideWall: "#d4d0c7",
    ceiling: "#f1efea",
    trim: "#f6f5f1",
    floor: "#a98360",
    floorAlt: "#9e7957",
    rug: "#cfcac0",
    rugBorder: "#8e8a82",
    fabric: "#8e8a82",
    cushionA: "#2f3d55",
    cushionB: "#c9a24a",
    wood: "#6e5340",
    metal: "#b8934a",
    art: ["#2f3d55", "#c9a24a", "#d8d3c8"],
    plant: "#60805a",
    sky: ["#c9dae6", "#efebe2"],
    accent: "#2f3d55",
  },
  blush: {
    wall: "#f1e6e0",
    sideWall: "#e8dbd3",
    ceiling: "#f8f4f1",
    trim: "#fbf8f5",
    floor: "#cfae88",
    floorAlt: "#c5a37d",
    rug: "#ebe1d6",
    rugBorder: "#c9a39a",
    fabric: "#d3b1a4",
    cushionA: "#7f9173",
    cushionB: "#f3ece2",
    wood: "#b08a63",
    metal: "#b8934a",
    art: ["#c98f7d", "#7f9173", "#efe0cf"],
    plant: "#6b8a5e",
    sky: ["#d3e2ec", "#f7efe6"],
    accent: "#c98f7d",
  },
} satisfies Record<string, InteriorPalette>;
type PaletteName = keyof typeof INTERIOR_PALETTES;

type RoomOptions = {
  width?: number;
  height?: number;
  depth?: number;
  camera?: V3;
  focal?: number;
  horizon?: number;
};

class Room {
  readonly W: number;
  readonly H: number;
  readonly D: number;
  readonly cam: V3;
  readonly f: number;
  readonly cx: number;
  readonly cy: number;
  constructor(
    readonly svg: Svg,
    readonly pal: InteriorPalette,
    readonly rnd: Random,
    opts: RoomOptions = {},
  ) {
    this.W = opts.width ?? 6;
    this.H = opts.height ?? 2.9;
    this.D = opts.depth ?? 4.2;
    this.cam = opts.camera ?? [-0.35, 1.35, -2.3];
    this.f = opts.focal ?? svg.width * 0.7;
    this.cx = svg.width / 2;
    this.cy = opts.horizon ?? svg.height * 0.46;
  }
  p([x, y, z]: V3): P2 {
    const d = z - this.cam[2];
    return [this.cx + (this.f * (x - this.cam[0])) / d, this.cy - (this.f * (y - this.cam[1])) / d];
  }
  /** Pixels per metre at depth z. */
  s(z: number) {
    return this.f / (z - this.cam[2]);
  }
  quad(points: V3[], fill: string, extra = "") {
    this.svg.poly(
      points.map((v) => this.p(v)),
      fill,
      extra,
    );
  }
  /** An axis-aligned box; faces shaded as if lit from the left (the window side) unless told otherwise. */
  box(
    min: V3,
    max: V3,
    color: string,
    opts: { top?: string; light?: "left" | "right"; front?: string; stroke?: string } = {},
  ) {
    const [x0, y0, z0] = min;
    const [x1, y1, z1] = max;
    const [cxm, cym] = this.cam;
    const light = opts.light ?? "left";
    const extra = opts.stroke ? `stroke="${opts.stroke}" stroke-width="0.6" stroke-linejoin="round"` : "";
    // The faces the camera can see: a side only when the camera is beyond it, the front always.
    const faces: { seen: boolean; corners: V3[]; fill: string }[] = [
      {
        seen: cxm < x0,
        corners: [
          [x0, y0, z0],
          [x0, y0, z1],
          [x0, y1, z1],
          [x0, y1, z0],
        ],
        fill: light === "left" ? lighten(color, 0.08) : darken(color, 0.16),
      },
      {
        seen: cxm > x1,
        corners: [
          [x1, y0, z0],
          [x1, y0, z1],
          [x1, y1, z1],
          [x1, y1, z0],
        ],
        fill: light === "right" ? lighten(color, 0.08) : darken(color, 0.16),
      },
      {
        seen: cym > y1,
        corners: [
          [x0, y1, z0],
          [x1, y1, z0],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        fill: opts.top ?? lighten(color, 0.14),
      },
      {
        seen: cym < y0,
        corners: [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
        fill: darken(color, 0.25),
      },
      {
        seen: true,
        corners: [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        fill: opts.front ?? color,
      },
    ];
    for (const face of faces) if (face.seen) this.quad(face.corners, face.fill, extra);
  }
  /** A soft contact shadow on the floor under a footprint. */
  shadow(x0: number, z0: number, x1: number, z1: number, opacity = 0.28, blur = 10, y = 0.002) {
    const b = this.svg.blur(blur);
    this.quad(
      [
        [x0, y, z0],
        [x1, y, z0],
        [x1, y, z1],
        [x0, y, z1],
      ],
      "#2a241c",
      `opacity="${opacity}" filter="${b}"`,
    );
  }
}

function drawSky(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  sky: [string, string],
  rnd: Random,
  withCity = true,
) {
  svg.rect(
    x,
    y,
    w,
    h,
    svg.linear([
      [0, sky[0]],
      [1, sky[1]],
    ]),
  );
  if (!withCity) return;
  // Distant rooftops and trees in aerial perspective: pale, low contrast.
  const base = y + h;
  const far = mix(sky[1], "#9aa3a8", 0.35);
  const near = mix(sky[1], "#8d978d", 0.5);
  let cx = x - 10;
  while (cx < x + w) {
    const bw = rnd.range(w * 0.08, w * 0.22);
    const bh = rnd.range(h * 0.12, h * 0.32);
    svg.rect(cx, base - bh, bw + 1, bh, far);
    if (rnd.chance(0.3)) svg.rect(cx + bw * 0.3, base - bh - h * 0.06, bw * 0.12, h * 0.06, far);
    cx += bw;
  }
  for (let i = 0; i < 4; i++) {
    const tx = x + rnd.range(0, w);
    const r = rnd.range(h * 0.08, h * 0.16);
    svg.ellipse(tx, base - r * 0.5, r * 1.3, r, near);
  }
}

/** Walls, floor, ceiling, skirting and cornice. `floor` chooses boards, tiles or a plain surface. */
function drawShell(
  room: Room,
  opts: { floor?: "boards" | "wide" | "tiles" | "concrete"; tileColor?: string; backWall?: string } = {},
) {
  const { svg, pal, W, H, D } = room;
  const L = -W / 2;
  const R = W / 2;
  const z0 = -0.5;
  // Ceiling and walls.
  const ceilY = room.p([0, H, D])[1];
  room.quad(
    [
      [L, H, z0],
      [R, H, z0],
      [R, H, D],
      [L, H, D],
    ],
    svg.linearAbs(
      [
        [0, darken(pal.ceiling, 0.04)],
        [1, pal.ceiling],
      ],
      0,
      0,
      0,
      ceilY,
    ),
  );
  const sideL = svg.linearAbs(
    [
      [0, lighten(pal.sideWall, 0.1)],
      [1, pal.sideWall],
    ],
    0,
    0,
    room.p([L, 0, D])[0],
    0,
  );
  room.quad(
    [
      [L, 0, z0],
      [L, 0, D],
      [L, H, D],
      [L, H, z0],
    ],
    sideL,
  );
  const sideR = svg.linearAbs(
    [
      [0, darken(pal.sideWall, 0.05)],
      [1, darken(pal.sideWall, 0.12)],
    ],
    room.p([R, 0, D])[0],
    0,
    svg.width,
    0,
  );
  room.quad(
    [
      [R, 0, z0],
      [R, 0, D],
      [R, H, D],
      [R, H, z0],
    ],
    sideR,
  );
  const bw = opts.backWall ?? pal.wall;
  const [bx0] = room.p([L, 0, D]);
  const [bx1] = room.p([R, 0, D]);
  room.quad(
    [
      [L, 0, D],
      [R, 0, D],
      [R, H, D],
      [L, H, D],
    ],
    svg.linearAbs(
      [
        [0, lighten(bw, 0.12)],
        [1, darken(bw, 0.04)],
      ],
      bx0,
      0,
      bx1,
      0,
    ),
  );
  // Floor.
  const floor = opts.floor ?? "boards";
  if (floor === "tiles" || floor === "concrete") {
    const tc = opts.tileColor ?? pal.floor;
    room.quad(
      [
        [L, 0, z0],
        [R, 0, z0],
        [R, 0, D],
        [L, 0, D],
      ],
      svg.linearAbs(
        [
          [0, darken(tc, 0.06)],
          [1, lighten(tc, 0.06)],
        ],
        0,
        svg.height,
        0,
        room.p([0, 0, D])[1],
      ),
    );
    if (floor === "tiles") {
      const grout = darken(tc, 0.12);
      for (let x = L; x <= R + 0.001; x += 0.6) {
        const a = room.p([x, 0, 0]);
        const b = room.p([x, 0, D]);
        svg.line(a[0], a[1], b[0], b[1], grout, 1, `opacity="0.5"`);
      }
      for (let z = D; z >= 0; z -= 0.6) {
        const a = room.p([L, 0, z]);
        const b = room.p([R, 0, z]);
        svg.line(a[0], a[1], b[0], b[1], grout, 1, `opacity="0.5"`);
      }
    }
  } else {
    room.quad(
      [
        [L, 0, z0],
        [R, 0, z0],
        [R, 0, D],
        [L, 0, D],
      ],
      pal.floor,
    );
    const board = floor === "wide" ? 0.42 : 0.19;
    let i = 0;
    for (let x = L; x < R; x += board, i++) {
      const tone = i % 3 === 0 ? pal.floorAlt : i % 3 === 1 ? pal.floor : mix(pal.floor, pal.floorAlt, 0.5);
      room.quad(
        [
          [x, 0, z0],
          [x + board, 0, z0],
          [x + board, 0, D],
          [x, 0, D],
        ],
        tone,
      );
      const a = room.p([x, 0, z0]);
      const b = room.p([x, 0, D]);
      svg.line(a[0], a[1], b[0], b[1], darken(pal.floor, 0.2), 0.8, `opacity="0.45"`);
      // Staggered board ends.
      const seed = (i * 7919) % 13;
      for (let z = 0.3 + seed * 0.09; z < D; z += 1.4) {
        const c = room.p([x, 0, z]);
        const d = room.p([x + board, 0, z]);
        svg.line(c[0], c[1], d[0], d[1], darken(pal.floor, 0.2), 0.6, `opacity="0.35"`);
      }
    }
    // A soft sheen toward the back, where the light falls.
    const sheen = svg.linearAbs(
      [
        [0, "#ffffff", 0],
        [1, "#ffffff", 0.18],
      ],
      0,
      svg.height,
      0,
      room.p([0, 0, D])[1],
    );
    room.quad(
      [
        [L, 0, z0],
        [R, 0, z0],
        [R, 0, D],
        [L, 0, D],
      ],
      sheen,
    );
  }
  // Skirting and cornice.
  room.quad(
    [
      [L, 0, D],
      [R, 0, D],
      [R, 0.12, D],
      [L, 0.12, D],
    ],
    pal.trim,
  );
  room.quad(
    [
      [L, 0, z0],
      [L, 0, D],
      [L, 0.12, D],
      [L, 0.12, z0],
    ],
    darken(pal.trim, 0.03),
  );
  room.quad(
    [
      [R, 0, z0],
      [R, 0, D],
      [R, 0.12, D],
      [R, 0.12, z0],
    ],
    darken(pal.trim, 0.1),
  );
  room.quad(
    [
      [L, H - 0.08, D],
      [R, H - 0.08, D],
      [R, H, D],
      [L, H, D],
    ],
    pal.trim,
  );
  room.quad(
    [
      [L, H - 0.08, z0],
      [L, H - 0.08, D],
      [L, H, D],
      [L, H, z0],
    ],
    pal.trim,
  );
  room.quad(
    [
      [R, H - 0.08, z0],
      [R, H - 0.08, D],
      [R, H, D],
      [R, H, z0],
    ],
    darken(pal.trim, 0.06),
  );
  // Corner shading where the walls meet.
  const cornerL = room.p([L, 0, D]);
  const cornerLT = room.p([L, H, D]);
  svg.line(cornerL[0], cornerL[1], cornerLT[0], cornerLT[1], darken(pal.wall, 0.15), 2, `opacity="0.5"`);
  const cornerR = room.p([R, 0, D]);
  const cornerRT = room.p([R, H, D]);
  svg.line(cornerR[0], cornerR[1], cornerRT[0], cornerRT[1], darken(pal.wall, 0.2), 2, `opacity="0.5"`);
}

/** A tall window in the left wall, with daylight falling across the floor. */
function leftWindow(
  room: Room,
  z0: number,
  z1: number,
  opts: { y0?: number; y1?: number; panes?: number; light?: boolean } = {},
) {
  const { svg, pal, W } = room;
  const L = -W / 2 + 0.001;
  const y0 = opts.y0 ?? 0.55;
  const y1 = opts.y1 ?? 2.45;
  const corners: V3[] = [
    [L, y0, z0],
    [L, y0, z1],
    [L, y1, z1],
    [L, y1, z0],
  ];
  // Reveal (the depth of the wall) on the far side.
  room.quad(
    [
      [L, y0, z1],
      [L - 0.25, y0, z1],
      [L - 0.25, y1, z1],
      [L, y1, z1],
    ],
    darken(pal.sideWall, 0.06),
  );
  const a = room.p(corners[0] as V3);
  const c = room.p(corners[2] as V3);
  room.quad(
    corners,
    svg.linearAbs(
      [
        [0, lighten(pal.sky[1], 0.4)],
        [1, pal.sky[0]],
      ],
      a[0],
      a[1],
      c[0],
      c[1],
    ),
  );
  // Frame and glazing bars.
  const frame = pal.trim;
  const panes = opts.panes ?? 2;
  for (let i = 0; i <= panes; i++) {
    const z = z0 + ((z1 - z0) * i) / panes;
    const p0 = room.p([L, y0, z]);
    const p1 = room.p([L, y1, z]);
    svg.line(p0[0], p0[1], p1[0], p1[1], frame, i === 0 || i === panes ? 7 : 4);
  }
  for (const y of [y0, y0 + (y1 - y0) * 0.62, y1]) {
    const p0 = room.p([L, y, z0]);
    const p1 = room.p([L, y, z1]);
    svg.line(p0[0], p0[1], p1[0], p1[1], frame, y === y0 || y === y1 ? 7 : 4);
  }
  // Sill.
  room.box([L, y0 - 0.05, z0 - 0.05], [L + 0.12, y0, z1 + 0.05], pal.trim);
  if (opts.light !== false) {
    // Daylight patch: the window projected along a sun direction onto the floor.
    const dir: V3 = [1, -1.05, 0.35];
    const hit = ([x, y, z]: V3): V3 => {
      const t = y / -dir[1];
      return [x + dir[0] * t, 0.003, z + dir[2] * t];
    };
    const patch = [hit([L, y0, z0]), hit([L, y0, z1]), hit([L, y1, z1]), hit([L, y1, z0])];
    room.quad(patch, "#fff8e8", `opacity="0.22" filter="${svg.blur(14)}"`);
  }
}

/** A large window in the back wall with a view of rooftops. */
function backWindow(
  room: Room,
  x0: number,
  x1: number,
  opts: { y0?: number; y1?: number; cols?: number; rows?: number; frame?: string; arch?: boolean } = {},
) {
  const { svg, pal, D, rnd } = room;
  const y0 = opts.y0 ?? 0.5;
  const y1 = opts.y1 ?? 2.5;
  const [sx0, sy1] = room.p([x0, y1, D]);
  const [sx1, sy0] = room.p([x1, y0, D]);
  // Soft glow of daylight around the opening.
  svg.rect(sx0 - 30, sy1 - 20, sx1 - sx0 + 60, sy0 - sy1 + 40, "#fffaf0", `opacity="0.35" filter="${svg.blur(22)}"`);
  svg.add(
    `<g clip-path="${svg.clip(`<rect x="${f1(sx0)}" y="${f1(sy1)}" width="${f1(sx1 - sx0)}" height="${f1(sy0 - sy1)}"/>`)}">`,
  );
  drawSky(svg, sx0, sy1, sx1 - sx0, sy0 - sy1, pal.sky, rnd);
  svg.end();
  const frame = opts.frame ?? pal.trim;
  const cols = opts.cols ?? 3;
  const rows = opts.rows ?? 2;
  const thick = Math.max(3, room.s(room.D) * 0.05);
  for (let i = 0; i <= cols; i++) {
    const x = sx0 + ((sx1 - sx0) * i) / cols;
    svg.line(x, sy1, x, sy0, frame, i === 0 || i === cols ? thick * 1.6 : thick * 0.7);
  }
  for (let j = 0; j <= rows; j++) {
    const y = sy1 + ((sy0 - sy1) * j) / rows;
    svg.line(sx0, y, sx1, y, frame, j === 0 || j === rows ? thick * 1.6 : thick * 0.7);
  }
}

function curtains(room: Room, x0: number, x1: number, color: string, y1 = 2.75) {
  const { svg, D } = room;
  const z = D - 0.08;
  for (const [a, b] of [
    [x0 - 0.45, x0 - 0.02],
    [x1 + 0.02, x1 + 0.45],
  ] as [number, number][]) {
    const [sx0, sy1] = room.p([a, y1, z]);
    const [sx1, sy0] = room.p([b, 0.02, z]);
    const g = svg.linear(
      [
        [0, darken(color, 0.08)],
        [0.25, lighten(color, 0.1)],
        [0.5, darken(color, 0.05)],
        [0.75, lighten(color, 0.12)],
        [1, darken(color, 0.08)],
      ],
      0,
      0,
      1,
      0,
    );
    svg.rect(sx0, sy1, sx1 - sx0, sy0 - sy1, g);
  }
  const [rx0, ry] = room.p([x0 - 0.55, y1 + 0.03, z]);
  const [rx1] = room.p([x1 + 0.55, y1, z]);
  svg.line(rx0, ry, rx1, ry, room.pal.metal, 3);
}

function artwork(
  room: Room,
  x: number,
  y: number,
  w: number,
  h: number,
  rnd: Random,
  style: "abstract" | "landscape" | "lines" = "abstract",
) {
  const { svg, pal, D } = room;
  const z = D - 0.02;
  const [sx0, sy0] = room.p([x - w / 2, y + h, z]);
  const [sx1, sy1] = room.p([x + w / 2, y, z]);
  const sw = sx1 - sx0;
  const sh = sy1 - sy0;
  svg.rect(sx0 + 3, sy0 + 5, sw, sh, "#2a241c", `opacity="0.18" filter="${svg.blur(4)}"`);
  svg.rect(sx0, sy0, sw, sh, darken(pal.wood, 0.35));
  const m = Math.max(3, sw * 0.07);
  svg.rect(sx0 + 2, sy0 + 2, sw - 4, sh - 4, "#f8f5ee");
  const ix = sx0 + m;
  const iy = sy0 + m;
  const iw = sw - 2 * m;
  const ih = sh - 2 * m;
  svg.rect(ix, iy, iw, ih, lighten(pal.art[2], 0.3));
  svg.add(`<g clip-path="${svg.clip(`<rect x="${f1(ix)}" y="${f1(iy)}" width="${f1(iw)}" height="${f1(ih)}"/>`)}">`);
  if (style === "landscape") {
    svg.rect(
      ix,
      iy,
      iw,
      ih,
      svg.linear([
        [0, lighten(pal.sky[0], 0.1)],
        [1, lighten(pal.art[2], 0.2)],
      ]),
    );
    svg.ellipse(ix + iw * 0.3, iy + ih * 0.95, iw * 0.7, ih * 0.35, mix(pal.art[1], "#ffffff", 0.25));
    svg.ellipse(ix + iw * 0.85, iy + ih * 1.0, iw * 0.6, ih * 0.3, pal.art[1]);
    svg.circle(ix + iw * 0.72, iy + ih * 0.3, Math.min(iw, ih) * 0.09, lighten(pal.art[0], 0.3));
  } else if (style === "lines") {
    for (let i = 0; i < 5; i++) {
      const yy = iy + ih * (0.2 + i * 0.15);
      svg.path(
        `M${f1(ix)} ${f1(yy)} C ${f1(ix + iw * 0.3)} ${f1(yy - ih * 0.12)}, ${f1(ix + iw * 0.6)} ${f1(yy + ih * 0.12)}, ${f1(ix + iw)} ${f1(yy)}`,
        "none",
        `stroke="${pal.art[i % 2]}" stroke-width="${f1(Math.max(1, iw * 0.02))}" opacity="0.8"`,
      );
    }
  } else {
    svg.circle(
      ix + iw * rnd.range(0.25, 0.45),
      iy + ih * rnd.range(0.3, 0.5),
      Math.min(iw, ih) * rnd.range(0.22, 0.32),
      pal.art[0],
      `opacity="0.9"`,
    );
    svg.rect(ix + iw * rnd.range(0.45, 0.6), iy + ih * 0.15, iw * 0.3, ih * 0.7, pal.art[1], `opacity="0.85"`);
    svg.rect(ix, iy + ih * 0.72, iw, ih * 0.28, mix(pal.art[2], pal.art[1], 0.25), `opacity="0.8"`);
  }
  svg.end();
}

function plant(room: Room, x: number, z: number, height: number, potColor: string, rnd: Random) {
  const { svg, pal } = room;
  room.shadow(x - 0.22, z - 0.15, x + 0.22, z + 0.2, 0.3, 6);
  const potH = height * 0.22;
  room.box([x - 0.16, 0, z - 0.16], [x + 0.16, potH, z + 0.16], potColor);
  const [px, py] = room.p([x, potH, z]);
  const s = room.s(z);
  const leafDark = darken(pal.plant, 0.2);
  for (let i = 0; i < 14; i++) {
    const ang = rnd.range(-75, 75);
    const len = s * height * rnd.range(0.35, 0.75);
    const rad = (ang * Math.PI) / 180;
    const lx = px + Math.sin(rad) * len * 0.55;
    const ly = py - Math.cos(rad) * len * 0.75;
    svg.line(px, py, lx, ly, leafDark, Math.max(1, s * 0.012));
    svg.ellipse(
      lx,
      ly,
      s * 0.06 * height,
      s * 0.17 * height,
      i % 3 === 0 ? leafDark : i % 3 === 1 ? pal.plant : lighten(pal.plant, 0.18),
      `transform="rotate(${f1(ang)} ${f1(lx)} ${f1(ly)})"`,
    );
  }
}

function sofa(
  room: Room,
  x0: number,
  x1: number,
  z0: number,
  depth: number,
  color: string,
  cushions: string[],
  rnd: Random,
) {
  const { svg } = room;
  const z1 = z0 + depth;
  room.shadow(x0 - 0.05, z0 - 0.05, x1 + 0.05, z1 + 0.05, 0.35, 9);
  // Legs.
  for (const lx of [x0 + 0.1, x1 - 0.14])
    room.box([lx, 0, z0 + 0.08], [lx + 0.04, 0.1, z0 + 0.12], darken(room.pal.wood, 0.3));
  // Backrest, then base and seat, then arms.
  room.box([x0, 0.1, z1 - 0.22], [x1, 0.82, z1], darken(color, 0.04));
  room.box([x0, 0.1, z0], [x1, 0.34, z1 - 0.2], darken(color, 0.08));
  const arm = 0.2;
  const seats = Math.max(2, Math.round((x1 - x0 - 2 * arm) / 0.75));
  const seatW = (x1 - x0 - 2 * arm) / seats;
  for (let i = 0; i < seats; i++) {
    const sx = x0 + arm + i * seatW;
    room.box([sx + 0.01, 0.34, z0 + 0.02], [sx + seatW - 0.01, 0.46, z1 - 0.2], color, { top: lighten(color, 0.16) });
  }
  // Back cushions.
  for (let i = 0; i < seats; i++) {
    const sx = x0 + arm + i * seatW;
    room.box([sx + 0.02, 0.46, z1 - 0.34], [sx + seatW - 0.02, 0.78, z1 - 0.2], lighten(color, 0.04), {
      top: lighten(color, 0.18),
    });
  }
  room.box([x0, 0.1, z0], [x0 + arm, 0.62, z1], darken(color, 0.02), { top: lighten(color, 0.12) });
  room.box([x1 - arm, 0.1, z0], [x1, 0.62, z1], darken(color, 0.02), { top: lighten(color, 0.12) });
  // Scatter cushions, drawn as soft rounded squares.
  const s = room.s(z1 - 0.3);
  const n = cushions.length;
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0.5 : i / (n - 1);
    const cx = x0 + arm + 0.22 + t * (x1 - x0 - 2 * arm - 0.44);
    const [px, py] = room.p([cx, 0.66, z1 - 0.34]);
    const size = s * 0.4;
    const rot = rnd.range(-8, 8);
    svg.add(
      `<rect x="${f1(px - size / 2)}" y="${f1(py - size / 2)}" width="${f1(size)}" height="${f1(size)}" rx="${f1(size * 0.22)}" fill="${cushions[i]}" transform="rotate(${f1(rot)} ${f1(px)} ${f1(py)})"/>`,
    );
    svg.add(
      `<rect x="${f1(px - size / 2)}" y="${f1(py + size * 0.15)}" width="${f1(size)}" height="${f1(size * 0.35)}" rx="${f1(size * 0.18)}" fill="${darken(cushions[i] as string, 0.12)}" opacity="0.5" transform="rotate(${f1(rot)} ${f1(px)} ${f1(py)})"/>`,
    );
  }
}

function rug(room: Room, x0: number, x1: number, z0: number, z1: number, color: string, border: string) {
  room.quad(
    [
      [x0, 0.004, z0],
      [x1, 0.004, z0],
      [x1, 0.004, z1],
      [x0, 0.004, z1],
    ],
    color,
  );
  const m = 0.12;
  room.quad(
    [
      [x0 + m, 0.005, z0 + m],
      [x1 - m, 0.005, z0 + m],
      [x1 - m, 0.005, z1 - m],
      [x0 + m, 0.005, z1 - m],
    ],
    "none",
    `stroke="${border}" stroke-width="3" opacity="0.7"`,
  );
}

function coffeeTable(room: Room, x0: number, x1: number, z0: number, z1: number, top: string, rnd: Random) {
  const { pal } = room;
  room.shadow(x0, z0, x1, z1, 0.3, 7);
  const legC = darken(pal.wood, 0.3);
  for (const [lx, lz] of [
    [x0 + 0.05, z0 + 0.05],
    [x1 - 0.09, z0 + 0.05],
    [x0 + 0.05, z1 - 0.09],
    [x1 - 0.09, z1 - 0.09],
  ] as P2[]) {
    room.box([lx, 0, lz], [lx + 0.04, 0.36, lz + 0.04], legC);
  }
  room.box([x0, 0.36, z0], [x1, 0.42, z1], top);
  // A stack of books and a small vase.
  const bx = x0 + (x1 - x0) * rnd.range(0.15, 0.3);
  room.box([bx, 0.42, z0 + 0.12], [bx + 0.3, 0.46, z0 + 0.34], pal.art[0]);
  room.box([bx + 0.02, 0.46, z0 + 0.14], [bx + 0.27, 0.5, z0 + 0.33], pal.cushionB);
  const vx = x0 + (x1 - x0) * 0.72;
  room.box([vx, 0.42, (z0 + z1) / 2 - 0.05], [vx + 0.1, 0.6, (z0 + z1) / 2 + 0.05], pal.metal);
}

function floorLamp(room: Room, x: number, z: number) {
  const { svg, pal } = room;
  room.shadow(x - 0.15, z - 0.15, x + 0.15, z + 0.15, 0.3, 5);
  room.box([x - 0.13, 0, z - 0.13], [x + 0.13, 0.03, z + 0.13], pal.metal);
  const [bx, by] = room.p([x, 0.03, z]);
  const [tx, ty] = room.p([x, 1.45, z]);
  svg.line(bx, by, tx, ty, pal.metal, Math.max(2, room.s(z) * 0.02));
  const s = room.s(z);
  svg.ellipse(tx, ty + s * 0.05, s * 0.6, s * 0.5, "#fff3d6", `opacity="0.35" filter="${svg.blur(18)}"`);
  svg.poly(
    [
      [tx - s * 0.14, ty - s * 0.22],
      [tx + s * 0.14, ty - s * 0.22],
      [tx + s * 0.22, ty + s * 0.06],
      [tx - s * 0.22, ty + s * 0.06],
    ],
    svg.linear([
      [0, "#fbf3e2"],
      [1, "#eadcc0"],
    ]),
  );
}

function pendant(room: Room, x: number, z: number, drop: number, color: string, kind: "dome" | "globe" = "dome") {
  const { svg, H } = room;
  const [tx, ty] = room.p([x, H, z]);
  const [bx, by] = room.p([x, H - drop, z]);
  svg.line(tx, ty, bx, by, "#3a3530", 1.2);
  const s = room.s(z);
  svg.ellipse(bx, by + s * 0.1, s * 0.5, s * 0.35, "#fff1cf", `opacity="0.3" filter="${svg.blur(16)}"`);
  if (kind === "globe") {
    svg.circle(
      bx,
      by + s * 0.1,
      s * 0.12,
      svg.radial(
        [
          [0, "#fffaf0"],
          [1, "#f1dfb8"],
        ],
        0.4,
        0.4,
        0.7,
      ),
    );
  } else {
    svg.path(
      `M${f1(bx - s * 0.2)} ${f1(by + s * 0.14)} Q ${f1(bx)} ${f1(by - s * 0.18)} ${f1(bx + s * 0.2)} ${f1(by + s * 0.14)} Z`,
      color,
    );
    svg.ellipse(bx, by + s * 0.14, s * 0.2, s * 0.03, "#fff6dc");
  }
}

function sideboard(room: Room, x0: number, x1: number, z1: number, depth: number, h: number, color: string) {
  const { svg, pal } = room;
  const z0 = z1 - depth;
  room.shadow(x0, z0, x1, z1, 0.25, 6);
  room.box([x0, 0.12, z0], [x1, h, z1], color, { top: lighten(color, 0.2) });
  for (const lx of [x0 + 0.06, x1 - 0.1])
    room.box([lx, 0, z0 + 0.05], [lx + 0.04, 0.12, z0 + 0.09], darken(pal.wood, 0.3));
  const doors = Math.max(2, Math.round((x1 - x0) / 0.45));
  for (let i = 1; i < doors; i++) {
    const x = x0 + ((x1 - x0) * i) / doors;
    const a = room.p([x, 0.14, z0]);
    const b = room.p([x, h - 0.02, z0]);
    svg.line(a[0], a[1], b[0], b[1], darken(color, 0.25), 1);
  }
}

// ---------------------------------------------------------------------------------------------
// Interiors
// ---------------------------------------------------------------------------------------------

type SceneFn = (svg: Svg, rnd: Random) => void;

function livingRoom(paletteName: PaletteName, variant: number): SceneFn {
  return (svg, rnd) => {
    const pal = INTERIOR_PALETTES[paletteName];
    const camX = variant % 2 === 0 ? -0.45 : 0.4;
    const room = new Room(svg, pal, rnd, { camera: [camX, 1.3, -2.4], depth: 4.4 });
    drawShell(room, { floor: variant === 2 ? "wide" : "boards" });
    const { D, W } = room;
    const L = -W / 2;
    const R = W / 2;
    if (variant % 2 === 0) {
      // Tall sash windows on the left, a picture window at the back.
      leftWindow(room, 0.6, 1.7);
      leftWindow(room, 2.3, 3.4);
      backWindow(room, 0.9, 2.5, { y0: 0.75, y1: 2.45, cols: 2, rows: 3 });
      curtains(room, 0.9, 2.5, pal.cushionB);
      artwork(room, -1.3, 1.35, 1.2, 0.85, rnd, variant === 0 ? "abstract" : "landscape");
    } else {
      backWindow(room, -2.4, -0.2, { y0: 0.1, y1: 2.6, cols: 3, rows: 1, frame: darken(pal.accent, 0.2) });
      leftWindow(room, 1.0, 3.2, { y0: 0.4, y1: 2.5, panes: 3 });
      artwork(room, 1.3, 1.3, 1.0, 1.2, rnd, "lines");
      artwork(room, 2.35, 1.45, 0.5, 0.7, rnd, "abstract");
    }
    // Fireplace on the right wall for period rooms.
    if (variant % 2 === 0) {
      room.box([R - 0.35, 0, 1.6], [R, 1.15, 3.0], pal.trim, { light: "left" });
      room.box([R - 0.42, 1.15, 1.5], [R, 1.22, 3.1], lighten(pal.trim, 0.2));
      room.quad(
        [
          [R - 0.351, 0.05, 1.95],
          [R - 0.351, 0.05, 2.65],
          [R - 0.351, 0.8, 2.65],
          [R - 0.351, 0.8, 1.95],
        ],
        "#3a332d",
      );
      const m = room.p([R - 0.01, 1.9, 2.3]);
      const s = room.s(2.3);
      svg.add(
        `<ellipse cx="${f1(m[0])}" cy="${f1(m[1])}" rx="${f1(s * 0.18)}" ry="${f1(s * 0.45)}" fill="${lighten(pal.sky[0], 0.3)}" stroke="${pal.metal}" stroke-width="${f1(s * 0.04)}"/>`,
      );
    } else {
      sideboard(room, R - 0.5, R - 0.05, 3.6, 0.45, 0.6, pal.wood);
    }
    rug(room, -1.9, 1.6, 1.2, 3.7, pal.rug, pal.rugBorder);
    sofa(room, -1.7, 0.7, D - 1.05, 0.95, pal.fabric, [pal.cushionA, pal.cushionB, pal.cushionA], rnd);
    plant(room, variant % 2 === 0 ? L + 0.45 : 1.1, D - 0.4, 1.5, pal.trim, rnd);
    floorLamp(room, 1.05, D - 0.6);
    // Armchair angled toward the sofa (drawn square-on for calm).
    const ax = variant % 2 === 0 ? 1.3 : -2.6;
    sofa(
      room,
      ax,
      ax + 0.95,
      1.9,
      0.85,
      pal.cushionA === "#2f3d55" ? pal.cushionB : mix(pal.fabric, pal.cushionB, 0.55),
      [pal.cushionA],
      rnd,
    );
    coffeeTable(room, -1.2, 0.3, 1.9, 2.6, lighten(pal.wood, 0.15), rnd);
    pendant(room, -0.4, 2.3, 0.7, pal.metal, variant === 1 ? "globe" : "dome");
  };
}

function tableLamp(room: Room, x: number, y: number, z: number, shade: string) {
  const { svg, pal } = room;
  const s = room.s(z);
  room.box([x - 0.07, y, z - 0.07], [x + 0.07, y + 0.28, z + 0.07], pal.metal);
  const [tx, ty] = room.p([x, y + 0.28, z]);
  svg.ellipse(tx, ty, s * 0.45, s * 0.35, "#fff1cf", `opacity="0.35" filter="${svg.blur(14)}"`);
  svg.poly(
    [
      [tx - s * 0.12, ty - s * 0.2],
      [tx + s * 0.12, ty - s * 0.2],
      [tx + s * 0.18, ty + s * 0.02],
      [tx - s * 0.18, ty + s * 0.02],
    ],
    svg.linear([
      [0, lighten(shade, 0.3)],
      [1, shade],
    ]),
  );
}

function softRect(svg: Svg, cx: number, cy: number, w: number, h: number, fill: string, rot = 0) {
  svg.add(
    `<rect x="${f1(cx - w / 2)}" y="${f1(cy - h / 2)}" width="${f1(w)}" height="${f1(h)}" rx="${f1(Math.min(w, h) * 0.3)}" fill="${fill}" transform="rotate(${f1(rot)} ${f1(cx)} ${f1(cy)})"/>`,
  );
}

function bed(
  room: Room,
  x0: number,
  x1: number,
  length: number,
  pal: InteriorPalette,
  rnd: Random,
  throwColor: string,
) {
  const { svg, D } = room;
  const z1 = D - 0.02;
  const z0 = z1 - length;
  room.shadow(x0 - 0.05, z0 - 0.08, x1 + 0.05, z1, 0.35, 10);
  // Upholstered headboard with vertical channels.
  room.box([x0 - 0.1, 0, z1 - 0.1], [x1 + 0.1, 1.25, z1], pal.fabric, { top: lighten(pal.fabric, 0.15) });
  const channels = 6;
  for (let i = 1; i < channels; i++) {
    const x = x0 - 0.1 + ((x1 - x0 + 0.2) * i) / channels;
    const a = room.p([x, 0.45, z1 - 0.1]);
    const b = room.p([x, 1.2, z1 - 0.1]);
    svg.line(a[0], a[1], b[0], b[1], darken(pal.fabric, 0.15), 1.2);
  }
  room.box([x0, 0.05, z0], [x1, 0.32, z1 - 0.1], darken(pal.fabric, 0.1));
  room.box([x0 + 0.02, 0.32, z0 + 0.02], [x1 - 0.02, 0.52, z1 - 0.1], "#f6f3ec", { top: "#fbfaf6" });
  // Duvet with a folded band, then a throw across the foot.
  room.box([x0 - 0.03, 0.22, z0 - 0.02], [x1 + 0.03, 0.56, z1 - 0.75], "#f3efe6", { top: "#faf8f3" });
  room.box([x0 - 0.035, 0.3, z1 - 0.8], [x1 + 0.035, 0.58, z1 - 0.72], "#ece6da", { top: "#f7f4ee" });
  room.box([x0 - 0.04, 0.2, z0 - 0.03], [x1 + 0.04, 0.575, z0 + 0.45], throwColor, { top: lighten(throwColor, 0.12) });
  // Pillows.
  const s = room.s(z1 - 0.35);
  const n = x1 - x0 > 1.5 ? 2 : 1;
  for (let i = 0; i < n; i++) {
    const cx = n === 1 ? (x0 + x1) / 2 : x0 + (x1 - x0) * (i === 0 ? 0.27 : 0.73);
    const [px, py] = room.p([cx, 0.66, z1 - 0.3]);
    softRect(svg, px, py, s * (x1 - x0) * 0.4, s * 0.3, "#fdfbf7", rnd.range(-2, 2));
    softRect(
      svg,
      px,
      py + s * 0.1,
      s * (x1 - x0) * 0.32,
      s * 0.24,
      i === 0 ? pal.cushionA : pal.cushionB,
      rnd.range(-4, 4),
    );
  }
}

function bedsideTable(room: Room, x: number, pal: InteriorPalette) {
  const z1 = room.D - 0.05;
  room.shadow(x - 0.25, z1 - 0.42, x + 0.25, z1, 0.25, 5);
  room.box([x - 0.24, 0.08, z1 - 0.4], [x + 0.24, 0.55, z1], pal.wood, { top: lighten(pal.wood, 0.2) });
  const a = room.p([x - 0.22, 0.32, z1 - 0.4]);
  const b = room.p([x + 0.22, 0.32, z1 - 0.4]);
  room.svg.line(a[0], a[1], b[0], b[1], darken(pal.wood, 0.3), 1);
  tableLamp(room, x, 0.55, z1 - 0.2, "#f4ead6");
}

function bedroom(paletteName: PaletteName, variant: number): SceneFn {
  return (svg, rnd) => {
    const pal = INTERIOR_PALETTES[paletteName];
    const room = new Room(svg, pal, rnd, { camera: [variant % 2 ? 0.45 : -0.3, 1.35, -1.6], depth: 3.8, width: 5.2 });
    drawShell(room, { floor: variant === 1 ? "wide" : "boards" });
    const { D, W } = room;
    const R = W / 2;
    // Panelled or painted feature wall behind the bed.
    if (variant % 2 === 0) {
      const [x0, y0] = room.p([-1.5, 2.9, D]);
      const [x1, y1] = room.p([1.5, 0, D]);
      svg.rect(x0, y0, x1 - x0, y1 - y0, mix(pal.accent, pal.wall, 0.55));
      for (let i = 0; i <= 6; i++) {
        const x = x0 + ((x1 - x0) * i) / 6;
        svg.line(x, y0, x, y1, darken(mix(pal.accent, pal.wall, 0.55), 0.1), 2, `opacity="0.6"`);
      }
    }
    leftWindow(room, 0.8, 2.3, { panes: 2 });
    if (variant !== 1) artwork(room, 0, 1.75, 1.3, 0.62, rnd, variant === 2 ? "lines" : "landscape");
    else {
      artwork(room, -0.4, 1.8, 0.55, 0.7, rnd, "abstract");
      artwork(room, 0.4, 1.8, 0.55, 0.7, rnd, "lines");
    }
    rug(room, -1.5, 1.5, 0.9, D - 0.5, pal.rug, pal.rugBorder);
    bedsideTable(room, -1.3, pal);
    bedsideTable(room, 1.3, pal);
    bed(room, -0.85, 0.85, 2.1, pal, rnd, pal.accent === "#b9a78b" ? "#9fae95" : pal.accent);
    // A wardrobe against the right wall, and a bench at the foot of the bed.
    room.box([R - 0.62, 0, 0.9], [R, 2.4, 2.6], lighten(pal.sideWall, 0.25), { light: "left" });
    for (const z of [1.47, 2.03]) {
      const a = room.p([R - 0.62, 0.05, z]);
      const b = room.p([R - 0.62, 2.35, z]);
      svg.line(a[0], a[1], b[0], b[1], darken(pal.sideWall, 0.12), 1.5);
    }
    for (const z of [1.4, 1.96, 2.1]) {
      const a = room.p([R - 0.63, 1.05, z]);
      const b = room.p([R - 0.63, 1.45, z]);
      svg.line(a[0], a[1], b[0], b[1], pal.metal, 2.5);
    }
    if (variant !== 3) {
      const bz = room.D - 2.12 - 0.42;
      room.shadow(-0.65, bz, 0.65, bz + 0.36, 0.25, 6);
      for (const lx of [-0.6, 0.56]) room.box([lx, 0, bz + 0.04], [lx + 0.04, 0.1, bz + 0.08], darken(pal.wood, 0.3));
      room.box([-0.65, 0.1, bz], [0.65, 0.34, bz + 0.36], pal.cushionA, { top: lighten(pal.cushionA, 0.15) });
    }
    plant(room, -W / 2 + 0.4, D - 0.4, 1.2, pal.trim, rnd);
    if (variant >= 2) pendant(room, 0, 2.2, 0.55, pal.metal, "globe");
  };
}

function kitchen(style: "oak" | "navy" | "sage" | "marble"): SceneFn {
  return (svg, rnd) => {
    const base = { oak: "ivory", navy: "navy", sage: "sage", marble: "stone" } as const;
    const pal = INTERIOR_PALETTES[base[style]];
    const cab = { oak: "#c49a6c", navy: "#2f4060", sage: "#93a48a", marble: "#f1eee8" }[style];
    const worktop = { oak: "#efeae0", navy: "#f2efe9", sage: "#e9e3d6", marble: "#f6f4f0" }[style];
    const room = new Room(svg, pal, rnd, {
      camera: [style === "navy" || style === "marble" ? 0.4 : -0.35, 1.45, -1.5],
      depth: 4.2,
      width: 5.6,
    });
    drawShell(room, { floor: style === "marble" ? "tiles" : "boards", tileColor: "#ddd8ce" });
    const { D, W } = room;
    const L = -W / 2;
    const R = W / 2;
    // Splashback.
    const [sx0, sy0] = room.p([L, 1.55, D]);
    const [sx1, sy1] = room.p([R, 0.9, D]);
    svg.rect(sx0, sy0, sx1 - sx0, sy1 - sy0, style === "marble" ? "#f3f1ec" : lighten(pal.wall, 0.3));
    if (style === "marble") {
      for (let i = 0; i < 9; i++) {
        const y = sy0 + rnd.range(0, sy1 - sy0);
        svg.path(
          `M${f1(sx0)} ${f1(y)} C ${f1(sx0 + (sx1 - sx0) * 0.3)} ${f1(y - 15)}, ${f1(sx0 + (sx1 - sx0) * 0.6)} ${f1(y + 18)}, ${f1(sx1)} ${f1(y + rnd.range(-10, 10))}`,
          "none",
          `stroke="#c9c4ba" stroke-width="0.8" opacity="0.7"`,
        );
      }
    } else {
      const tile = (sx1 - sx0) / 30;
      for (let y = sy0; y <= sy1; y += tile * 0.5)
        svg.line(sx0, y, sx1, y, darken(pal.wall, 0.1), 0.6, `opacity="0.6"`);
      let row = 0;
      for (let y = sy0; y < sy1; y += tile * 0.5, row++) {
        for (let x = sx0 + (row % 2 ? tile / 2 : 0); x < sx1; x += tile)
          svg.line(x, y, x, Math.min(sy1, y + tile * 0.5), darken(pal.wall, 0.1), 0.6, `opacity="0.6"`);
      }
    }
    // Window above the sink.
    backWindow(room, -0.7, 0.7, { y0: 1.65, y1: 2.55, cols: 2, rows: 1 });
    // Base run along the back wall.
    room.box([L, 0, D - 0.56], [R, 0.1, D], darken(cab, 0.35));
    room.box([L, 0.1, D - 0.62], [R, 0.88, D], cab, { top: worktop });
    room.box([L, 0.88, D - 0.64], [R, 0.92, D], worktop, { top: lighten(worktop, 0.3) });
    const doors = 10;
    for (let i = 1; i < doors; i++) {
      const x = L + (W * i) / doors;
      const a = room.p([x, 0.12, D - 0.62]);
      const b = room.p([x, 0.86, D - 0.62]);
      svg.line(a[0], a[1], b[0], b[1], darken(cab, 0.2), 1.2);
      const h = room.p([x - 0.06, 0.78, D - 0.62]);
      svg.line(h[0] - 10, h[1], h[0] + 2, h[1], pal.metal, 2.5);
    }
    // Sink and tap, hob and hood.
    const sink = [room.p([-0.35, 0.921, D - 0.5]), room.p([0.35, 0.921, D - 0.12])] as [P2, P2];
    svg.rect(sink[0][0], sink[1][1], sink[1][0] - sink[0][0], sink[0][1] - sink[1][1], "#cfcbc3");
    const tap = room.p([0, 0.92, D - 0.06]);
    const tapTop = room.p([0, 1.25, D - 0.06]);
    svg.path(
      `M${f1(tap[0])} ${f1(tap[1])} L ${f1(tapTop[0])} ${f1(tapTop[1])} q ${f1(14)} -6 ${f1(18)} 10`,
      "none",
      `stroke="${pal.metal}" stroke-width="4" stroke-linecap="round"`,
    );
    const hx = style === "navy" || style === "marble" ? -1.8 : 1.7;
    room.box([hx - 0.45, 0.921, D - 0.55], [hx + 0.45, 0.93, D - 0.1], "#2d2b2a");
    const hob = room.p([hx, 0.93, D - 0.33]);
    for (const dx of [-0.2, 0.2]) {
      const q = room.p([hx + dx, 0.93, D - 0.33]);
      svg.ellipse(q[0], q[1], room.s(D) * 0.1, room.s(D) * 0.03, "#4a4745");
    }
    void hob;
    room.box([hx - 0.45, 2.0, D - 0.4], [hx + 0.45, 2.35, D], darken(pal.wall, 0.06));
    room.box([hx - 0.2, 2.35, D - 0.3], [hx + 0.2, 2.9, D], darken(pal.wall, 0.04));
    // Open shelves on the other side.
    const shx = -hx;
    for (const y of [1.75, 2.2]) {
      room.box([shx - 0.7, y, D - 0.28], [shx + 0.7, y + 0.04, D], pal.wood, { top: lighten(pal.wood, 0.2) });
      let x = shx - 0.6;
      while (x < shx + 0.55) {
        const w = rnd.range(0.08, 0.18);
        const h = rnd.range(0.12, 0.3);
        room.box(
          [x, y + 0.04, D - 0.2],
          [x + w, y + 0.04 + h, D - 0.08],
          rnd.pick([pal.trim, pal.art[0], pal.art[1], "#e9e4da", pal.metal]),
        );
        x += w + rnd.range(0.04, 0.12);
      }
    }
    // Tall larder units against the right wall.
    room.box([R - 0.62, 0.1, 1.0], [R, 2.4, 2.6], cab, { light: "left" });
    for (const z of [1.8]) {
      const a = room.p([R - 0.62, 0.12, z]);
      const b = room.p([R - 0.62, 2.38, z]);
      svg.line(a[0], a[1], b[0], b[1], darken(cab, 0.2), 1.2);
    }
    // The island, with an overhanging worktop and stools.
    const ix0 = -1.3;
    const ix1 = 1.1;
    room.shadow(ix0, 1.7, ix1, 2.55, 0.35, 10);
    room.box([ix0 + 0.05, 0, 1.86], [ix1 - 0.05, 0.1, 2.45], darken(cab, 0.4));
    room.box([ix0, 0.1, 1.8], [ix1, 0.88, 2.5], style === "marble" ? "#2f3d55" : darken(cab, 0.05));
    room.box([ix0 - 0.05, 0.88, 1.55], [ix1 + 0.05, 0.94, 2.55], worktop, { top: lighten(worktop, 0.3) });
    for (let i = 0; i < 3; i++) {
      const sx = ix0 + 0.35 + i * 0.85;
      room.shadow(sx - 0.2, 1.15, sx + 0.2, 1.5, 0.25, 5);
      const legC = style === "oak" ? "#2f2a26" : pal.metal;
      for (const [lx, lz] of [
        [sx - 0.15, 1.42],
        [sx + 0.12, 1.42],
        [sx - 0.15, 1.2],
        [sx + 0.12, 1.2],
      ] as P2[]) {
        room.box([lx, 0, lz], [lx + 0.025, 0.66, lz + 0.025], legC);
      }
      room.box([sx - 0.15, 0.22, 1.2], [sx + 0.145, 0.24, 1.22], legC);
      room.box([sx - 0.19, 0.66, 1.16], [sx + 0.19, 0.72, 1.47], style === "oak" ? "#3d3a37" : pal.wood, {
        top: lighten(style === "oak" ? "#3d3a37" : pal.wood, 0.15),
      });
    }
    // A bowl of lemons and a vase on the island.
    const bowl = room.p([-0.2, 0.94, 2.05]);
    const s = room.s(2.05);
    svg.ellipse(bowl[0], bowl[1] - s * 0.04, s * 0.18, s * 0.06, "#f3efe6");
    for (const dx of [-0.07, 0, 0.07]) svg.circle(bowl[0] + dx * s, bowl[1] - s * 0.09, s * 0.045, "#e8c65a");
    room.box([0.55, 0.94, 2.0], [0.65, 1.2, 2.1], "#e8e1d3");
    for (const x of [-0.6, 0.4])
      pendant(
        room,
        x,
        2.05,
        0.85,
        style === "navy" ? pal.metal : darken(pal.accent, 0.1),
        style === "marble" ? "globe" : "dome",
      );
  };
}

function bathroom(style: "marble" | "sage" | "navy"): SceneFn {
  return (svg, rnd) => {
    const pal = INTERIOR_PALETTES[style === "marble" ? "ivory" : style];
    const room = new Room(svg, pal, rnd, {
      camera: [style === "sage" ? 0.25 : -0.25, 1.3, -0.75],
      depth: 2.9,
      width: 3.6,
      height: 2.7,
    });
    drawShell(room, { floor: "tiles", tileColor: style === "navy" ? "#d9d4ca" : "#e6e1d8" });
    const { D, W, H } = room;
    const L = -W / 2;
    const R = W / 2;
    const tileC = style === "sage" ? "#b9c4ae" : style === "navy" ? "#34486a" : "#eeebe5";
    // Tiled lower wall (back and sides) to 1.2 m.
    room.quad(
      [
        [L, 0, D],
        [R, 0, D],
        [R, 1.2, D],
        [L, 1.2, D],
      ],
      tileC,
    );
    room.quad(
      [
        [L, 0, -0.5],
        [L, 0, D],
        [L, 1.2, D],
        [L, 1.2, -0.5],
      ],
      lighten(tileC, 0.06),
    );
    room.quad(
      [
        [R, 0, -0.5],
        [R, 0, D],
        [R, 1.2, D],
        [R, 1.2, -0.5],
      ],
      darken(tileC, 0.08),
    );
    const grout = style === "navy" ? lighten(tileC, 0.2) : darken(tileC, 0.08);
    for (let x = L; x <= R; x += 0.2) {
      const a = room.p([x, 0, D]);
      const b = room.p([x, 1.2, D]);
      svg.line(a[0], a[1], b[0], b[1], grout, 0.7);
    }
    for (let y = 0.1; y <= 1.2; y += 0.1) {
      const a = room.p([L, y, D]);
      const b = room.p([R, y, D]);
      svg.line(a[0], a[1], b[0], b[1], grout, 0.7);
      const c = room.p([L, y, -0.5]);
      svg.line(c[0], c[1], a[0], a[1], grout, 0.7);
      const d = room.p([R, y, -0.5]);
      svg.line(b[0], b[1], d[0], d[1], grout, 0.7);
    }
    room.box([L, 1.2, D - 0.05], [R, 1.24, D], pal.trim);
    // A frosted window on the left.
    leftWindow(room, 1.2, 2.2, { y0: 1.4, y1: 2.3, panes: 1 });
    // Freestanding bath: a rounded tub seen from the front.
    const bx0 = -1.55;
    const bx1 = -0.05;
    const bz = D - 0.45;
    room.shadow(bx0, bz - 0.4, bx1, bz + 0.35, 0.3, 8);
    const p0 = room.p([bx0, 0.62, bz - 0.35]);
    const p1 = room.p([bx1, 0.62, bz - 0.35]);
    const q0 = room.p([bx0 + 0.1, 0.05, bz - 0.35]);
    const q1 = room.p([bx1 - 0.1, 0.05, bz - 0.35]);
    const tubOuter = style === "navy" ? "#f4f1ea" : style === "sage" ? "#2f3d55" : "#f4f1ea";
    svg.path(
      `M${f1(p0[0])} ${f1(p0[1])} L ${f1(p1[0])} ${f1(p1[1])} Q ${f1(p1[0] - 6)} ${f1(q1[1])} ${f1(q1[0])} ${f1(q1[1])} L ${f1(q0[0])} ${f1(q0[1])} Q ${f1(p0[0] + 6)} ${f1(q0[1])} ${f1(p0[0])} ${f1(p0[1])} Z`,
      svg.linear(
        [
          [0, lighten(tubOuter, 0.1)],
          [1, darken(tubOuter, 0.1)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    const rimC = room.p([(bx0 + bx1) / 2, 0.62, bz]);
    const rx = (p1[0] - p0[0]) / 2;
    svg.ellipse(rimC[0], p0[1] - 2, rx, room.s(bz) * 0.18, "#fbfaf7");
    svg.ellipse(rimC[0], p0[1], rx * 0.9, room.s(bz) * 0.13, "#e3e0da");
    // Tap on the wall above the bath.
    const tp = room.p([(bx0 + bx1) / 2, 0.9, D]);
    svg.rect(tp[0] - 3, tp[1] - 18, 6, 18, pal.metal);
    svg.rect(tp[0] - 3, tp[1] - 2, 20, 5, pal.metal);
    // Vanity with basin and an arched mirror.
    const vx0 = 0.4;
    const vx1 = 1.45;
    room.shadow(vx0, D - 0.55, vx1, D, 0.25, 6);
    const vanity = style === "marble" ? "#a98360" : style === "sage" ? "#e8e3d8" : "#a98360";
    room.box([vx0, 0.25, D - 0.5], [vx1, 0.85, D], vanity, { top: "#f4f2ee" });
    room.box([vx0 - 0.02, 0.85, D - 0.52], [vx1 + 0.02, 0.89, D], "#f4f2ee", { top: "#faf9f6" });
    const a = room.p([(vx0 + vx1) / 2, 0.25, D - 0.5]);
    const b = room.p([(vx0 + vx1) / 2, 0.85, D - 0.5]);
    svg.line(a[0], a[1], b[0], b[1], darken(vanity, 0.2), 1);
    const basin = room.p([(vx0 + vx1) / 2, 0.89, D - 0.26]);
    const bs = room.s(D - 0.26);
    svg.ellipse(basin[0], basin[1] - bs * 0.06, bs * 0.26, bs * 0.09, "#fdfcfa");
    svg.ellipse(basin[0], basin[1] - bs * 0.07, bs * 0.2, bs * 0.06, "#e7e4de");
    const mirror = room.p([(vx0 + vx1) / 2, 1.95, D - 0.01]);
    const ms = room.s(D);
    svg.path(
      `M${f1(mirror[0] - ms * 0.35)} ${f1(mirror[1] + ms * 0.55)} L ${f1(mirror[0] - ms * 0.35)} ${f1(mirror[1] - ms * 0.1)} A ${f1(ms * 0.35)} ${f1(ms * 0.35)} 0 0 1 ${f1(mirror[0] + ms * 0.35)} ${f1(mirror[1] - ms * 0.1)} L ${f1(mirror[0] + ms * 0.35)} ${f1(mirror[1] + ms * 0.55)} Z`,
      svg.linear(
        [
          [0, lighten(pal.sky[0], 0.2)],
          [1, lighten(pal.wall, 0.2)],
        ],
        0,
        0,
        1,
        1,
      ),
      `stroke="${pal.metal}" stroke-width="${f1(ms * 0.03)}"`,
    );
    const tap2 = room.p([(vx0 + vx1) / 2, 0.89, D - 0.05]);
    svg.path(
      `M${f1(tap2[0])} ${f1(tap2[1])} l 0 -26 q 0 -6 8 -6 l 10 0`,
      "none",
      `stroke="${pal.metal}" stroke-width="3.5" stroke-linecap="round"`,
    );
    // Towel rail on the right wall with towels.
    const t0 = room.p([R - 0.01, 1.35, 1.0]);
    const t1 = room.p([R - 0.01, 1.35, 1.8]);
    svg.line(t0[0], t0[1], t1[0], t1[1], pal.metal, 4);
    room.quad(
      [
        [R - 0.04, 0.75, 1.05],
        [R - 0.04, 0.75, 1.45],
        [R - 0.04, 1.36, 1.45],
        [R - 0.04, 1.36, 1.05],
      ],
      style === "navy" ? "#e9e2d4" : pal.cushionA,
    );
    room.quad(
      [
        [R - 0.04, 0.85, 1.5],
        [R - 0.04, 0.85, 1.75],
        [R - 0.04, 1.36, 1.75],
        [R - 0.04, 1.36, 1.5],
      ],
      "#f5f1ea",
    );
    // A bath mat, wall lights either side of the mirror and a pendant.
    const matZ = bz - 0.75;
    room.quad(
      [
        [bx0 + 0.35, 0.004, matZ],
        [bx1 - 0.35, 0.004, matZ],
        [bx1 - 0.35, 0.004, matZ + 0.45],
        [bx0 + 0.35, 0.004, matZ + 0.45],
      ],
      style === "navy" ? "#e9e2d4" : pal.cushionB,
    );
    for (const x of [vx0 - 0.12, vx1 + 0.12]) {
      const w = room.p([x, 1.85, D - 0.02]);
      const ws = room.s(D);
      svg.ellipse(w[0], w[1], ws * 0.25, ws * 0.3, "#fff3d6", `opacity="0.45" filter="${svg.blur(10)}"`);
      svg.rect(
        w[0] - ws * 0.03,
        w[1] - ws * 0.12,
        ws * 0.06,
        ws * 0.24,
        svg.linear([
          [0, "#fffaf0"],
          [1, "#f1e2c2"],
        ]),
        `rx="${f1(ws * 0.03)}"`,
      );
      svg.rect(w[0] - ws * 0.045, w[1] + ws * 0.1, ws * 0.09, ws * 0.03, pal.metal);
    }
    pendant(room, (bx0 + bx1) / 2, bz, 0.6, pal.metal, "globe");
    void H;
  };
}

function studio(variant: number): SceneFn {
  return (svg, rnd) => {
    const pal = INTERIOR_PALETTES[variant === 0 ? "stone" : "blush"];
    const room = new Room(svg, pal, rnd, {
      camera: [variant === 0 ? -0.6 : 0.2, 1.4, -1.5],
      depth: 4.6,
      width: 6.4,
      height: variant === 0 ? 3.4 : 2.8,
    });
    drawShell(room, { floor: variant === 0 ? "concrete" : "boards", tileColor: "#c9c4bb" });
    const { D, W } = room;
    const L = -W / 2;
    const R = W / 2;
    if (variant === 0) {
      // Warehouse-style steel window across the back wall, exposed brick on the left.
      const [lx0] = room.p([L, 0, D]);
      room.quad(
        [
          [L, 0, -0.5],
          [L, 0, D],
          [L, room.H, D],
          [L, room.H, -0.5],
        ],
        svg.linearAbs(
          [
            [0, "#b77a5c"],
            [1, "#a86e52"],
          ],
          0,
          0,
          lx0,
          0,
        ),
      );
      for (let y = 0.08; y < room.H; y += 0.075) {
        const a = room.p([L, y, -0.5]);
        const b = room.p([L, y, D]);
        svg.line(a[0], a[1], b[0], b[1], "#d9b8a2", 0.8, `opacity="0.55"`);
      }
      backWindow(room, -2.6, 1.2, { y0: 0.6, y1: 3.1, cols: 6, rows: 4, frame: "#2b2b2b" });
    } else {
      backWindow(room, -2.2, -0.4, { y0: 0.7, y1: 2.5, cols: 2, rows: 3 });
      leftWindow(room, 1.2, 2.6);
      curtains(room, -2.2, -0.4, pal.cushionB, 2.6);
    }
    // Bed on the left against the back wall.
    bed(room, L + 0.35, L + 1.75, 2.0, pal, rnd, pal.accent);
    // Kitchenette along the right wall.
    const kz0 = 2.2;
    const kz1 = D;
    const kc = variant === 0 ? "#2f3d55" : "#9fae95";
    room.box([R - 0.62, 0.1, kz0], [R, 0.88, kz1], kc);
    room.box([R - 0.64, 0.88, kz0 - 0.02], [R, 0.92, kz1], "#f1eee8");
    room.box([R - 0.35, 1.5, kz0 + 0.2], [R, 2.2, kz1 - 0.1], lighten(kc, 0.1), { light: "left" });
    for (let z = kz0 + 0.6; z < kz1; z += 0.6) {
      const a = room.p([R - 0.62, 0.12, z]);
      const b = room.p([R - 0.62, 0.86, z]);
      svg.line(a[0], a[1], b[0], b[1], darken(kc, 0.25), 1.2);
    }
    // Desk by the window.
    room.box([0.2, 0.72, D - 0.6], [1.5, 0.76, D - 0.05], pal.wood, { top: lighten(pal.wood, 0.2) });
    for (const x of [0.22, 1.45]) room.box([x, 0, D - 0.55], [x + 0.03, 0.72, D - 0.52], darken(pal.wood, 0.3));
    tableLamp(room, 1.3, 0.76, D - 0.3, "#f1e5cf");
    plant(room, 1.95, D - 0.35, 1.3, pal.trim, rnd);
    // Small sofa and table in the middle.
    rug(room, -0.6, 1.6, 1.1, 3.2, pal.rug, pal.rugBorder);
    sofa(room, -0.3, 1.4, 2.4, 0.85, pal.fabric, [pal.cushionA, pal.cushionB], rnd);
    coffeeTable(room, 0.0, 1.0, 1.5, 2.0, lighten(pal.wood, 0.2), rnd);
    pendant(room, 0.5, 2.2, variant === 0 ? 1.2 : 0.7, "#2b2b2b", "dome");
  };
}

function diningChair(room: Room, x: number, z: number, facing: "camera" | "away", color: string, wood: string) {
  room.shadow(x - 0.24, z - 0.22, x + 0.24, z + 0.22, 0.22, 5);
  const legs: P2[] = [
    [x - 0.2, z - 0.2],
    [x + 0.17, z - 0.2],
    [x - 0.2, z + 0.17],
    [x + 0.17, z + 0.17],
  ];
  for (const [lx, lz] of legs) room.box([lx, 0, lz], [lx + 0.03, 0.45, lz + 0.03], darken(wood, 0.2));
  room.box([x - 0.22, 0.45, z - 0.22], [x + 0.22, 0.5, z + 0.22], color);
  if (facing === "away") room.box([x - 0.22, 0.5, z - 0.22], [x + 0.22, 0.95, z - 0.18], color);
  else room.box([x - 0.22, 0.5, z + 0.18], [x + 0.22, 0.95, z + 0.22], color);
}

function diningRoom(paletteName: PaletteName, variant: number): SceneFn {
  return (svg, rnd) => {
    const pal = INTERIOR_PALETTES[paletteName];
    const room = new Room(svg, pal, rnd, { camera: [variant ? 0.4 : -0.4, 1.45, -2.3], depth: 4.6, width: 5.8 });
    drawShell(room, { floor: "wide" });
    const { W } = room;
    const R = W / 2;
    backWindow(room, -2.3, -0.5, { y0: 0.15, y1: 2.55, cols: 2, rows: 4 });
    backWindow(room, 0.5, 2.3, { y0: 0.15, y1: 2.55, cols: 2, rows: 4 });
    curtains(room, -2.3, -0.5, pal.cushionB);
    curtains(room, 0.5, 2.3, pal.cushionB);
    // Sideboard on the right wall with a mirror.
    room.box([R - 0.45, 0.12, 1.2], [R, 0.85, 3.2], pal.wood, { light: "left" });
    rug(room, -1.6, 1.6, 1.0, 3.6, pal.rug, pal.rugBorder);
    const tz0 = 1.9;
    const tz1 = 2.85;
    const chairC = variant ? pal.fabric : pal.wood;
    for (const x of [-0.8, 0, 0.8]) diningChair(room, x, tz1 + 0.35, "camera", chairC, pal.wood);
    room.shadow(-1.3, tz0, 1.3, tz1, 0.3, 10);
    for (const [lx, lz] of [
      [-1.2, tz0 + 0.08],
      [1.15, tz0 + 0.08],
      [-1.2, tz1 - 0.12],
      [1.15, tz1 - 0.12],
    ] as P2[]) {
      room.box([lx, 0, lz], [lx + 0.05, 0.72, lz + 0.05], darken(pal.wood, 0.15));
    }
    room.box([-1.3, 0.72, tz0], [1.3, 0.77, tz1], pal.wood, { top: lighten(pal.wood, 0.18) });
    // Table setting: plates, a runner and candles.
    room.quad(
      [
        [-1.3, 0.771, (tz0 + tz1) / 2 - 0.15],
        [1.3, 0.771, (tz0 + tz1) / 2 - 0.15],
        [1.3, 0.771, (tz0 + tz1) / 2 + 0.15],
        [-1.3, 0.771, (tz0 + tz1) / 2 + 0.15],
      ],
      pal.cushionB,
    );
    for (const x of [-0.8, 0, 0.8]) {
      for (const z of [tz0 + 0.18, tz1 - 0.18]) {
        const q = room.p([x, 0.772, z]);
        const s = room.s(z);
        svg.ellipse(q[0], q[1], s * 0.13, s * 0.035, "#fbf9f4");
        svg.ellipse(q[0], q[1], s * 0.09, s * 0.022, "#ece7dd");
      }
    }
    for (const x of [-0.3, 0.3])
      room.box([x - 0.02, 0.77, (tz0 + tz1) / 2 - 0.02], [x + 0.02, 1.05, (tz0 + tz1) / 2 + 0.02], "#f5efe3");
    for (const x of [-0.8, 0, 0.8]) diningChair(room, x, tz0 - 0.3, "away", chairC, pal.wood);
    pendant(room, 0, (tz0 + tz1) / 2, 0.9, pal.metal, variant ? "globe" : "dome");
    plant(room, -W / 2 + 0.45, 1.4, 1.6, pal.trim, rnd);
  };
}

// ---------------------------------------------------------------------------------------------
// Exteriors: elevations in the manner of an architect's presentation drawing
// ---------------------------------------------------------------------------------------------

type SkyName = "morning" | "golden" | "soft" | "dusk";
const SKIES: Record<SkyName, [string, string, string]> = {
  morning: ["#a9c8df", "#d3e3ee", "#f4efe3"],
  golden: ["#b7cde0", "#e3e4df", "#f6e5c8"],
  soft: ["#c3d2dc", "#dfe5e6", "#efebe2"],
  dusk: ["#27385a", "#6e6f8e", "#e9b58d"],
};

function exteriorSky(svg: Svg, sky: SkyName, rnd: Random, groundY: number) {
  const [top, mid, low] = SKIES[sky];
  svg.rect(
    0,
    0,
    svg.width,
    groundY,
    svg.linear([
      [0, top],
      [0.55, mid],
      [1, low],
    ]),
  );
  const cloud = sky === "dusk" ? "#f3c9a8" : "#ffffff";
  const b = svg.blur(18);
  for (let i = 0; i < 5; i++) {
    const cx = rnd.range(0, svg.width);
    const cy = rnd.range(40, groundY * 0.35);
    const w = rnd.range(120, 260);
    svg.ellipse(cx, cy, w, w * 0.16, cloud, `opacity="${sky === "dusk" ? 0.25 : 0.55}" filter="${b}"`);
    svg.ellipse(
      cx + w * 0.3,
      cy - 10,
      w * 0.5,
      w * 0.14,
      cloud,
      `opacity="${sky === "dusk" ? 0.2 : 0.45}" filter="${b}"`,
    );
  }
}

function pavement(svg: Svg, groundY: number, opts: { road?: boolean; stone?: string } = {}) {
  const { width: W, height: H } = svg;
  const stone = opts.stone ?? "#d8d3c9";
  svg.rect(
    0,
    groundY,
    W,
    H - groundY,
    svg.linear([
      [0, stone],
      [1, darken(stone, 0.06)],
    ]),
  );
  // Paving slab joints.
  for (let x = 0; x < W; x += 90) svg.line(x, groundY, x - 40, H, darken(stone, 0.12), 1, `opacity="0.5"`);
  for (let y = groundY + 30; y < H; y += 38) svg.line(0, y, W, y, darken(stone, 0.12), 1, `opacity="0.4"`);
  if (opts.road !== false) {
    const ky = H - 46;
    svg.rect(0, ky, W, 8, "#b9b4ab");
    svg.rect(
      0,
      ky + 8,
      W,
      H - ky - 8,
      svg.linear([
        [0, "#5b5e63"],
        [1, "#4d5055"],
      ]),
    );
  }
  // Shadow along the foot of the buildings.
  svg.rect(0, groundY, W, 16, "#2a241c", `opacity="0.12" filter="${svg.blur(5)}"`);
}

function tree(svg: Svg, x: number, groundY: number, size: number, rnd: Random, leaf = "#7d9470") {
  svg.ellipse(x, groundY + 6, size * 0.45, 8, "#2a241c", `opacity="0.2" filter="${svg.blur(6)}"`);
  svg.poly(
    [
      [x - size * 0.05, groundY],
      [x + size * 0.05, groundY],
      [x + size * 0.03, groundY - size * 0.9],
      [x - size * 0.03, groundY - size * 0.9],
    ],
    "#6b5a48",
  );
  // Plane-tree bark mottling.
  for (let i = 0; i < 5; i++)
    svg.ellipse(
      x + rnd.range(-size * 0.03, size * 0.03),
      groundY - rnd.range(10, size * 0.8),
      4,
      8,
      "#a99a84",
      `opacity="0.5"`,
    );
  const cy = groundY - size * 1.3;
  // Branches, then three layers of foliage clumps: shadow, body, sunlit tops.
  for (const [dx, dy] of [
    [-0.35, -0.3],
    [0.3, -0.35],
    [0.05, -0.55],
  ] as P2[]) {
    svg.line(x, groundY - size * 0.85, x + dx * size, cy - dy * size * 0.2, "#6b5a48", size * 0.025);
  }
  const clumps: [number, number, number][] = [];
  for (let i = 0; i < 34; i++) {
    const a = rnd.range(0, Math.PI * 2);
    const d = Math.sqrt(rnd.next());
    clumps.push([
      x + Math.cos(a) * d * size * 0.6,
      cy + Math.sin(a) * d * size * 0.45,
      rnd.range(size * 0.12, size * 0.2),
    ]);
  }
  clumps.sort((a, b) => a[1] - b[1]);
  const b = svg.blur(1.2);
  for (const [bx, by, r] of clumps) svg.circle(bx + r * 0.1, by + r * 0.2, r, darken(leaf, 0.28), `filter="${b}"`);
  for (const [bx, by, r] of clumps) svg.circle(bx, by, r * 0.88, leaf);
  for (const [bx, by, r] of clumps)
    if (by < cy + size * 0.1) svg.circle(bx - r * 0.25, by - r * 0.3, r * 0.5, lighten(leaf, 0.18), `opacity="0.85"`);
}

function lampPost(svg: Svg, x: number, groundY: number, h = 260) {
  const c = "#23262b";
  svg.rect(x - 7, groundY - 24, 14, 24, c);
  svg.rect(x - 3.5, groundY - h, 7, h - 20, c);
  svg.rect(x - 10, groundY - h * 0.55, 20, 5, c);
  svg.poly(
    [
      [x - 14, groundY - h - 4],
      [x + 14, groundY - h - 4],
      [x + 10, groundY - h - 42],
      [x - 10, groundY - h - 42],
    ],
    "#f1e7cf",
    `stroke="${c}" stroke-width="3"`,
  );
  svg.poly(
    [
      [x - 16, groundY - h - 42],
      [x + 16, groundY - h - 42],
      [x, groundY - h - 58],
    ],
    c,
  );
}

function railings(svg: Svg, x0: number, x1: number, top: number, bottom: number, color = "#1f2226") {
  svg.rect(x0, top + 6, x1 - x0, 3, color);
  svg.rect(x0, bottom - 8, x1 - x0, 3, color);
  for (let x = x0 + 4; x < x1; x += 11) {
    svg.rect(x - 1.2, top, 2.4, bottom - top, color);
    svg.poly(
      [
        [x - 3, top + 2],
        [x + 3, top + 2],
        [x, top - 6],
      ],
      color,
    );
  }
}

type GlassMood = "day" | "dusk";
function glass(svg: Svg, x: number, y: number, w: number, h: number, mood: GlassMood, rnd: Random, curtains?: string) {
  if (mood === "dusk" && rnd.chance(0.6)) {
    svg.rect(
      x,
      y,
      w,
      h,
      svg.linear([
        [0, "#f6d59b"],
        [1, "#e7b26d"],
      ]),
    );
  } else {
    svg.rect(
      x,
      y,
      w,
      h,
      svg.linear([
        [0, "#45556a"],
        [0.6, "#6e8193"],
        [1, "#93a5b3"],
      ]),
    );
    svg.poly(
      [
        [x + w * 0.1, y + h],
        [x + w * 0.55, y],
        [x + w * 0.8, y],
        [x + w * 0.35, y + h],
      ],
      "#ffffff",
      `opacity="0.12"`,
    );
  }
  if (curtains) {
    svg.rect(x, y, w * 0.16, h, curtains, `opacity="0.85"`);
    svg.rect(x + w * 0.84, y, w * 0.16, h, curtains, `opacity="0.85"`);
  }
}

/** A sliding sash: two sashes of cols x rows panes, a white frame and a stone sill. */
function sashWindow(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  rnd: Random,
  opts: {
    cols?: number;
    rows?: number;
    frame?: string;
    mood?: GlassMood;
    sill?: string;
    reveal?: boolean;
    curtains?: string;
    arched?: boolean;
  } = {},
) {
  const frame = opts.frame ?? "#f7f5ef";
  const cols = opts.cols ?? 3;
  const rows = opts.rows ?? 2;
  const mood = opts.mood ?? "day";
  if (opts.reveal !== false) svg.rect(x - 3, y - 3, w + 6, h + 6, "#2a241c", `opacity="0.18"`);
  glass(svg, x, y, w, h, mood, rnd, opts.curtains);
  const t = Math.max(2, w * 0.035);
  svg.rect(x, y, w, h, "none", `stroke="${frame}" stroke-width="${f1(t * 2)}"`);
  // Meeting rail, then glazing bars in each sash.
  svg.rect(x, y + h / 2 - t * 0.8, w, t * 1.6, frame);
  for (const [sy, sh] of [
    [y, h / 2],
    [y + h / 2, h / 2],
  ] as [number, number][]) {
    for (let i = 1; i < cols; i++) svg.rect(x + (w * i) / cols - t * 0.35, sy, t * 0.7, sh, frame);
    for (let j = 1; j < rows; j++) svg.rect(x, sy + (sh * j) / rows - t * 0.35, w, t * 0.7, frame);
  }
  if (opts.sill !== "none") {
    svg.rect(x - w * 0.08, y + h + t, w * 1.16, Math.max(5, h * 0.045), opts.sill ?? "#ece6da");
    svg.rect(x - w * 0.08, y + h + t + Math.max(5, h * 0.045), w * 1.16, 4, "#2a241c", `opacity="0.15"`);
  }
}

function panelDoor(
  svg: Svg,
  x: number,
  y: number,
  w: number,
  h: number,
  color: string,
  opts: { fanlight?: boolean; surround?: string; mood?: GlassMood } = {},
) {
  const surround = opts.surround ?? "#f4f1ea";
  const fan = opts.fanlight !== false ? w * 0.5 : 0;
  // Pilasters and entablature.
  svg.rect(x - w * 0.22, y - fan - w * 0.18, w * 1.44, h + fan + w * 0.18, surround);
  svg.rect(x - w * 0.28, y - fan - w * 0.24, w * 1.56, w * 0.08, lighten(surround, 0.3));
  svg.rect(x - w * 0.1, y - fan, w * 1.2, h + fan, "#2a241c", `opacity="0.22"`);
  if (fan > 0) {
    svg.path(
      `M${f1(x)} ${f1(y)} A ${f1(w / 2)} ${f1(fan)} 0 0 1 ${f1(x + w)} ${f1(y)} Z`,
      opts.mood === "dusk" ? "#f3cf90" : "#5d6e80",
    );
    for (let i = 1; i < 6; i++) {
      const a = Math.PI - (Math.PI * i) / 6;
      svg.line(x + w / 2, y, x + w / 2 + Math.cos(a) * w * 0.5, y - Math.sin(a) * fan, surround, 2);
    }
    svg.path(
      `M${f1(x)} ${f1(y)} A ${f1(w / 2)} ${f1(fan)} 0 0 1 ${f1(x + w)} ${f1(y)}`,
      "none",
      `stroke="${surround}" stroke-width="4"`,
    );
  }
  svg.rect(
    x,
    y,
    w,
    h,
    svg.linear(
      [
        [0, lighten(color, 0.08)],
        [1, darken(color, 0.1)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  // Six panels.
  const pw = w * 0.32;
  for (const col of [0, 1]) {
    for (const [py, ph] of [
      [0.08, 0.22],
      [0.36, 0.26],
      [0.68, 0.26],
    ] as P2[]) {
      svg.rect(
        x + w * (col === 0 ? 0.12 : 0.56),
        y + h * py,
        pw,
        h * ph,
        "none",
        `stroke="${lighten(color, 0.18)}" stroke-width="2" opacity="0.7"`,
      );
    }
  }
  svg.circle(x + w / 2, y + h * 0.36, w * 0.05, "#c9a24a");
  svg.rect(x + w * 0.35, y + h * 0.55, w * 0.3, h * 0.035, "#c9a24a");
  svg.circle(x + w * 0.82, y + h * 0.55, w * 0.035, "#c9a24a");
}

function brick(svg: Svg, x: number, y: number, w: number, h: number, color: string, scale = 1) {
  svg.rect(x, y, w, h, color);
  const course = 7 * scale;
  const joint = darken(color, 0.14);
  svg.add(`<g opacity="0.35">`);
  for (let yy = y + course; yy < y + h; yy += course) svg.line(x, yy, x + w, yy, joint, 0.8);
  svg.end();
  // Gentle tonal variation across the wall.
  svg.rect(
    x,
    y,
    w,
    h,
    svg.linear(
      [
        [0, "#ffffff", 0.08],
        [0.5, "#ffffff", 0],
        [1, "#000000", 0.06],
      ],
      0,
      0,
      1,
      1,
    ),
  );
}

function stuccoBand(svg: Svg, x: number, y: number, w: number, h: number, color: string, rusticated = true) {
  svg.rect(x, y, w, h, color);
  if (!rusticated) return;
  for (let yy = y + 22; yy < y + h; yy += 22) svg.line(x, yy, x + w, yy, darken(color, 0.1), 1.4);
}

function cornice(svg: Svg, x: number, y: number, w: number, color: string, depth = 14) {
  svg.rect(x - 6, y, w + 12, depth, color);
  svg.rect(x - 10, y - 5, w + 20, 6, lighten(color, 0.3));
  svg.rect(x - 6, y + depth, w + 12, 10, "#2a241c", `opacity="0.16" filter="${svg.blur(3)}"`);
}

function chimney(svg: Svg, x: number, baseY: number, w: number, brickColor: string, pots: number) {
  svg.rect(x, baseY - 60, w, 60, brickColor);
  svg.rect(x - 4, baseY - 64, w + 8, 8, lighten(brickColor, 0.2));
  for (let i = 0; i < pots; i++) {
    const px = x + (w / (pots + 1)) * (i + 1);
    svg.poly(
      [
        [px - 6, baseY - 64],
        [px + 6, baseY - 64],
        [px + 4, baseY - 84],
        [px - 4, baseY - 84],
      ],
      "#b0674a",
    );
  }
}

function topiary(svg: Svg, x: number, baseY: number, r: number) {
  svg.poly(
    [
      [x - r * 0.6, baseY],
      [x + r * 0.6, baseY],
      [x + r * 0.75, baseY - r * 1.1],
      [x - r * 0.75, baseY - r * 1.1],
    ],
    "#2f3236",
  );
  svg.rect(x - 1.5, baseY - r * 1.6, 3, r * 0.6, "#5a4a3a");
  svg.circle(x, baseY - r * 2.3, r, "#4f6b47");
  svg.circle(x - r * 0.3, baseY - r * 2.55, r * 0.5, "#6a8a5f", `opacity="0.8"`);
}

function georgianTerrace(variant: number): SceneFn {
  return (svg, rnd) => {
    const sky: SkyName = (["morning", "golden", "soft"] as const)[variant % 3] as SkyName;
    const groundY = 690;
    exteriorSky(svg, sky, rnd, groundY);
    const brickC = ["#b89a72", "#a77a5d", "#c4a983"][variant % 3] as string;
    const doors = [
      ["#1d1f24", "#2f3d55", "#1d1f24", "#1d1f24"],
      ["#1d1f24", "#5f7a5b", "#7b2f2f", "#1d1f24"],
      ["#2f3d55", "#1d1f24", "#1d1f24", "#5f7a5b"],
    ][variant % 3] as string[];
    const houseW = [400, 470, 360][variant % 3] as number;
    const offset = [0, -235, -60][variant % 3] as number;
    const heights: [number, number, number, number] = variant % 3 === 2 ? [150, 175, 140, 0] : [150, 175, 130, 105];
    const ground = heights[0];
    const top = groundY - heights.reduce((a, b) => a + b, 0) - 34;
    if (variant % 3 === 2) {
      // A slate mansard with dormers above the parapet.
      svg.poly(
        [
          [0, top - 4],
          [svg.width, top - 4],
          [svg.width, top - 96],
          [0, top - 96],
        ],
        "#5f6870",
      );
      for (let i = 0; i < 14; i++)
        svg.line(0, top - 10 - i * 6.5, svg.width, top - 10 - i * 6.5, "#4f575f", 1, `opacity="0.5"`);
      for (let dx = offset + houseW * 0.2; dx < svg.width; dx += houseW * 0.3) {
        svg.rect(dx - 34, top - 84, 68, 70, "#eeeae2");
        svg.poly(
          [
            [dx - 40, top - 84],
            [dx + 40, top - 84],
            [dx, top - 108],
          ],
          "#eeeae2",
        );
        sashWindow(svg, dx - 24, top - 74, 48, 54, rnd, { cols: 2, rows: 1, sill: "none", reveal: false });
      }
    }
    for (let h = 0; h < 4; h++) {
      const x0 = offset + h * houseW;
      if (x0 > svg.width) break;
      if (h > 0) svg.rect(x0 - 1, top, 2, groundY - top, darken(brickC, 0.2), `opacity="0.5"`);
      // Chimneys and parapet.
      chimney(svg, x0 + houseW - 70, variant % 3 === 2 ? top - 96 : top, 56, darken(brickC, 0.05), 3);
      brick(svg, x0, top, houseW, groundY - ground - top, brickC);
      svg.rect(x0, top - 4, houseW, 10, lighten(brickC, 0.15));
      let y = groundY - ground;
      stuccoBand(svg, x0, y, houseW, ground, "#f1ede4");
      cornice(svg, x0, top + 30, houseW, "#efe9de", 10);
      // Floors above the stucco ground floor: piano nobile, second, third.
      const doorLeft = (h + variant) % 2 === 0;
      for (let floor = 1; floor < 4; floor++) {
        const fh = heights[floor] ?? 0;
        if (fh === 0) continue;
        y -= fh;
        const winH = fh * (floor === 1 ? 0.72 : floor === 2 ? 0.68 : 0.6);
        const winW = floor === 3 ? 66 : 74;
        for (let i = 0; i < 3; i++) {
          const cx = x0 + houseW * (0.2 + i * 0.3);
          const wy = y + (fh - winH) * 0.55;
          sashWindow(svg, cx - winW / 2, wy, winW, winH, rnd, {
            cols: 3,
            rows: floor === 3 ? 1 : 2,
            curtains: rnd.chance(0.3) ? "#ece3d2" : undefined,
          });
          if (floor === 1) {
            // Wrought-iron balconette.
            const by = wy + winH - 6;
            svg.rect(cx - winW / 2 - 8, by - 34, winW + 16, 3, "#1f2226");
            for (let bx = cx - winW / 2 - 6; bx <= cx + winW / 2 + 6; bx += 7)
              svg.rect(bx, by - 34, 1.6, 40, "#1f2226");
            svg.rect(cx - winW / 2 - 10, by + 6, winW + 20, 6, "#ece6da");
          }
        }
        if (floor === 1) svg.rect(x0, y + fh - 4, houseW, 8, "#ece6da");
      }
      // Ground floor: the door and two windows.
      const gy = groundY - ground;
      const doorW = 64;
      const doorX = doorLeft ? x0 + houseW * 0.2 - doorW / 2 : x0 + houseW * 0.8 - doorW / 2;
      panelDoor(svg, doorX, gy + 48, doorW, ground - 60, doors[h] ?? "#1d1f24", { surround: "#f7f4ee" });
      for (const fx of doorLeft ? [0.5, 0.8] : [0.2, 0.5]) {
        sashWindow(svg, x0 + houseW * fx - 37, gy + 30, 74, 100, rnd, { cols: 3, rows: 2, sill: "none" });
      }
      for (const tx of [doorX - 24, doorX + doorW + 24]) topiary(svg, tx, groundY - 12, 20);
      // Steps and basement railings.
      svg.rect(doorX - 14, groundY - 12, doorW + 28, 6, "#e7e2d7");
      svg.rect(doorX - 22, groundY - 6, doorW + 44, 6, "#ddd8cc");
      const rx0 = doorLeft ? doorX + doorW + 30 : x0 + 8;
      const rx1 = doorLeft ? x0 + houseW - 8 : doorX - 30;
      railings(svg, rx0, rx1, groundY - 58, groundY);
    }
    // Warm light from the upper left washing across the facades.
    svg.rect(
      0,
      0,
      svg.width,
      groundY,
      svg.linear(
        [
          [0, "#fff6e0", 0.18],
          [1, "#2a241c", 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    pavement(svg, groundY);
    if (variant !== 1) tree(svg, variant === 0 ? 1130 : 70, groundY + 40, 220, rnd);
    lampPost(svg, variant === 1 ? 600 : 420, groundY + 40);
  };
}

function mansionBlock(variant: number): SceneFn {
  return (svg, rnd) => {
    const groundY = 700;
    exteriorSky(svg, (["golden", "morning", "soft"] as const)[variant % 3] as SkyName, rnd, groundY);
    const brickC = ["#a4533d", "#8a4434", "#b86a4c"][variant % 3] as string;
    const stone = "#efe6d6";
    const bayFace = variant % 3 === 1 ? "#eee7da" : brickC;
    const floors = 6;
    const fh = 92;
    const top = groundY - floors * fh - 20;
    const x0 = -40;
    const x1 = svg.width + 40;
    // Dutch gables above each bay.
    const bayW = 250;
    const bays: number[] = [];
    for (let bx = x0 + 120 + (variant % 2) * 60; bx < x1; bx += bayW + 130) bays.push(bx);
    for (const bx of bays) {
      svg.path(
        `M${bx - 10} ${top} L ${bx - 10} ${top - 50} Q ${bx + bayW / 2} ${top - 150} ${bx + bayW + 10} ${top - 50} L ${bx + bayW + 10} ${top} Z`,
        brickC,
      );
      svg.path(
        `M${bx - 16} ${top - 50} Q ${bx + bayW / 2} ${top - 156} ${bx + bayW + 16} ${top - 50}`,
        "none",
        `stroke="${stone}" stroke-width="8"`,
      );
      svg.circle(bx + bayW / 2, top - 58, 20, stone);
      svg.circle(bx + bayW / 2, top - 58, 14, "#5d6e80");
    }
    brick(svg, x0, top, x1 - x0, groundY - top, brickC);
    cornice(svg, x0, top, x1 - x0, stone, 16);
    // Stone bands at every floor and a rusticated stone ground floor.
    for (let f = 1; f < floors; f++) {
      const y = groundY - f * fh;
      svg.rect(x0, y - 8, x1 - x0, 10, stone);
      svg.rect(x0, y + 2, x1 - x0, 4, "#2a241c", `opacity="0.12"`);
    }
    stuccoBand(svg, x0, groundY - fh + 2, x1 - x0, fh - 2, stone);
    // Projecting bays: lit face plus a shaded return.
    for (const bx of bays) {
      svg.rect(bx - 14, top + 16, 14, groundY - fh - top - 16, darken(bayFace, 0.25));
      svg.rect(bx + bayW, top + 16, 14, groundY - fh - top - 16, lighten(bayFace, 0.08));
      if (bayFace !== brickC) svg.rect(bx, top + 16, bayW, groundY - fh - top - 16, bayFace);
      for (let f = 1; f < floors; f++) {
        const y = groundY - (f + 1) * fh;
        sashWindow(svg, bx + 20, y + 18, 60, fh - 34, rnd, { cols: 1, rows: 2, sill: stone });
        sashWindow(svg, bx + bayW / 2 - 40, y + 18, 80, fh - 34, rnd, {
          cols: 2,
          rows: 2,
          sill: stone,
          curtains: rnd.chance(0.35) ? "#e9dcc6" : undefined,
        });
        sashWindow(svg, bx + bayW - 80, y + 18, 60, fh - 34, rnd, { cols: 1, rows: 2, sill: stone });
      }
    }
    // Flat windows between the bays, with balconies on alternate floors.
    for (let i = 0; i < bays.length + 1; i++) {
      const gapStart = i === 0 ? x0 : (bays[i - 1] as number) + bayW + 14;
      const gapEnd = i < bays.length ? (bays[i] as number) - 14 : x1;
      if (gapEnd - gapStart < 80) continue;
      const cx = (gapStart + gapEnd) / 2;
      for (let f = 1; f < floors; f++) {
        const y = groundY - (f + 1) * fh;
        sashWindow(svg, cx - 34, y + 14, 68, fh - 28, rnd, { cols: 2, rows: 2, sill: stone });
        if (f % 2 === 1) {
          svg.rect(cx - 50, y + fh - 18, 100, 6, stone);
          railings(svg, cx - 48, cx + 48, y + fh - 44, y + fh - 14, "#26292e");
        }
      }
    }
    // Ground floor: an arched entrance with a canopy, and windows.
    const ex = bays.length > 1 ? ((bays[0] as number) + bayW + (bays[1] as number)) / 2 : svg.width / 2;
    svg.path(
      `M${ex - 60} ${groundY} L ${ex - 60} ${groundY - 60} A 60 60 0 0 1 ${ex + 60} ${groundY - 60} L ${ex + 60} ${groundY} Z`,
      darken(stone, 0.08),
    );
    svg.path(
      `M${ex - 44} ${groundY} L ${ex - 44} ${groundY - 56} A 44 44 0 0 1 ${ex + 44} ${groundY - 56} L ${ex + 44} ${groundY} Z`,
      "#2c3340",
    );
    svg.path(`M${ex - 44} ${groundY - 56} A 44 44 0 0 1 ${ex + 44} ${groundY - 56} Z`, "#f1d9a5", `opacity="0.85"`);
    svg.rect(ex - 40, groundY - 56, 38, 56, "#23303f");
    svg.rect(ex + 2, groundY - 56, 38, 56, "#23303f");
    svg.rect(ex - 36, groundY - 50, 30, 40, "#5d6e80", `opacity="0.6"`);
    svg.rect(ex + 6, groundY - 50, 30, 40, "#5d6e80", `opacity="0.6"`);
    for (const bx of bays) {
      for (const wx of [bx + 30, bx + bayW - 90])
        sashWindow(svg, wx, groundY - fh + 16, 60, fh - 34, rnd, { cols: 2, rows: 2, sill: "none" });
    }
    svg.rect(
      0,
      0,
      svg.width,
      groundY,
      svg.linear(
        [
          [0, "#fff3de", 0.16],
          [1, "#2a241c", 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    pavement(svg, groundY);
    tree(svg, variant % 2 ? 90 : 1110, groundY + 42, 230, rnd, "#7a9270");
    for (const tx of [ex - 80, ex + 80]) topiary(svg, tx, groundY, 22);
  };
}

function stuccoVilla(variant: number): SceneFn {
  return (svg, rnd) => {
    const groundY = 680;
    exteriorSky(svg, variant ? "golden" : "morning", rnd, groundY);
    const stucco = variant ? "#f2ece1" : "#f5f2ec";
    const shade = darken(stucco, 0.1);
    const cx = svg.width / 2;
    const w = 760;
    const x0 = cx - w / 2;
    const x1 = cx + w / 2;
    const top = 160;
    // Neighbouring villas at the edges, set back and paler.
    for (const nx of [x0 - 250, x1 + 30]) {
      svg.rect(nx, top + 40, 220, groundY - top - 40, mix(stucco, "#c9d3d8", 0.35));
      for (let f = 0; f < 3; f++)
        for (let i = 0; i < 2; i++)
          svg.rect(nx + 40 + i * 90, top + 80 + f * 150, 50, 90, mix("#6e8193", "#c9d3d8", 0.5));
    }
    // Main block with a shallow hipped roof.
    svg.poly(
      [
        [x0 - 10, top],
        [x1 + 10, top],
        [x1 - 70, top - 60],
        [x0 + 70, top - 60],
      ],
      "#7a8087",
    );
    chimney(svg, x0 + 90, top - 30, 60, stucco, 4);
    chimney(svg, x1 - 150, top - 30, 60, stucco, 4);
    svg.rect(
      x0,
      top,
      w,
      groundY - top,
      svg.linear(
        [
          [0, stucco],
          [1, darken(stucco, 0.04)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    cornice(svg, x0, top, w, lighten(stucco, 0.2), 22);
    stuccoBand(svg, x0, groundY - 190, w, 190, darken(stucco, 0.02));
    svg.rect(x0, groundY - 196, w, 10, lighten(stucco, 0.3));
    // Quoins at the corners.
    for (const qx of [x0, x1 - 28])
      for (let y = top + 30; y < groundY - 200; y += 36) svg.rect(qx, y, 28, 30, shade, `opacity="0.45"`);
    // Upper floors: pedimented windows on the first floor, plain above.
    const cols = [0.14, 0.32, 0.68, 0.86];
    for (const c of cols) {
      const wx = x0 + w * c - 40;
      // First floor.
      const fy = groundY - 190 - 190;
      svg.poly(
        [
          [wx - 14, fy - 8],
          [wx + 94, fy - 8],
          [wx + 40, fy - 38],
        ],
        lighten(stucco, 0.25),
      );
      svg.rect(wx - 14, fy - 8, 108, 6, shade);
      sashWindow(svg, wx, fy, 80, 160, rnd, {
        cols: 2,
        rows: 3,
        sill: lighten(stucco, 0.25),
        curtains: rnd.chance(0.4) ? "#e4d6bf" : undefined,
      });
      // Balustraded balcony.
      svg.rect(wx - 16, fy + 150, 112, 8, lighten(stucco, 0.3));
      for (let bx = wx - 12; bx < wx + 94; bx += 12) svg.rect(bx, fy + 158, 7, 26, lighten(stucco, 0.25));
      svg.rect(wx - 16, fy + 184, 112, 6, shade);
      // Second floor.
      sashWindow(svg, wx + 6, top + 50, 68, 100, rnd, { cols: 2, rows: 2, sill: lighten(stucco, 0.25) });
    }
    // Ground floor windows either side of the portico.
    for (const c of [0.14, 0.86])
      sashWindow(svg, x0 + w * c - 40, groundY - 160, 80, 120, rnd, { cols: 2, rows: 2, sill: "none" });
    // The portico: entablature, columns and a balustrade above.
    const pw = 240;
    const px = cx - pw / 2;
    const py = groundY - 230;
    svg.rect(px - 10, py - 36, pw + 20, 36, lighten(stucco, 0.3));
    for (let bx = px; bx < px + pw; bx += 14) svg.rect(bx + 2, py - 32, 8, 28, shade, `opacity="0.6"`);
    svg.rect(px - 16, py, pw + 32, 26, lighten(stucco, 0.25));
    svg.rect(px - 16, py + 26, pw + 32, 10, "#2a241c", `opacity="0.15"`);
    svg.rect(px + 40, py + 26, pw - 80, groundY - py - 26, darken(stucco, 0.16));
    panelDoor(svg, cx - 36, groundY - 170, 72, 160, variant ? "#2f3d55" : "#1d1f24", {
      surround: lighten(stucco, 0.2),
    });
    for (const colX of [px + 6, px + pw - 30]) {
      svg.rect(
        colX,
        py + 36,
        24,
        groundY - py - 48,
        svg.linear(
          [
            [0, shade],
            [0.4, lighten(stucco, 0.35)],
            [1, shade],
          ],
          0,
          0,
          1,
          0,
        ),
      );
      svg.rect(colX - 6, py + 26, 36, 12, lighten(stucco, 0.3));
      svg.rect(colX - 6, groundY - 14, 36, 12, lighten(stucco, 0.3));
    }
    svg.rect(
      0,
      0,
      svg.width,
      groundY,
      svg.linear(
        [
          [0, "#fff6e0", 0.14],
          [1, "#2a241c", 0.08],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    // Front garden: steps, a chequered path, hedges and railings.
    pavement(svg, groundY);
    svg.rect(cx - 80, groundY, 160, 10, "#e8e3d8");
    for (let i = 0; i < 8; i++)
      for (let j = 0; j < 4; j++)
        if ((i + j) % 2 === 0) svg.rect(cx - 80 + i * 20, groundY + 10 + j * 14, 20, 14, "#2a2c30", `opacity="0.8"`);
    for (const [hx0, hx1] of [
      [0, cx - 110],
      [cx + 110, svg.width],
    ] as P2[]) {
      svg.rect(hx0, groundY + 8, hx1 - hx0, 48, "#5f7a57", `rx="18"`);
      svg.rect(hx0, groundY + 8, hx1 - hx0, 18, "#789470", `rx="10" opacity="0.8"`);
      railings(svg, hx0 + 6, hx1 - 6, groundY + 46, groundY + 110);
    }
    tree(svg, variant ? 1100 : 100, groundY + 110, 210, rnd, "#748d68");
  };
}

function mewsHouses(variant: number): SceneFn {
  return (svg, rnd) => {
    const groundY = 620;
    exteriorSky(svg, variant ? "soft" : "golden", rnd, groundY);
    const colours = variant
      ? ["#e6d9c6", "#c9d4c3", "#efe9df", "#d9c1b5"]
      : ["#d8e0e2", "#efe4d3", "#e4cfc4", "#c8d3c0"];
    const doorCs = variant
      ? ["#2f3d55", "#7b2f2f", "#5f7a5b", "#1d1f24"]
      : ["#5f7a5b", "#1d1f24", "#2f3d55", "#8a6a3f"];
    let x = -60;
    let i = 0;
    while (x < svg.width) {
      const w = [330, 300, 350, 310][i % 4] as number;
      const c = colours[i % 4] as string;
      const top = groundY - ([330, 350, 320, 340][i % 4] as number);
      // Slate roof and a dormer.
      svg.poly(
        [
          [x - 4, top],
          [x + w + 4, top],
          [x + w - 30, top - 60],
          [x + 30, top - 60],
        ],
        "#6b737b",
      );
      svg.rect(x + w * 0.4, top - 52, 70, 44, lighten(c, 0.2));
      sashWindow(svg, x + w * 0.4 + 12, top - 46, 46, 34, rnd, { cols: 2, rows: 1, sill: "none", reveal: false });
      svg.rect(
        x,
        top,
        w,
        groundY - top,
        svg.linear(
          [
            [0, lighten(c, 0.06)],
            [1, darken(c, 0.04)],
          ],
          0,
          0,
          1,
          0,
        ),
      );
      svg.rect(x, top, w, 10, lighten(c, 0.25));
      if (i > 0) svg.rect(x - 1, top, 3, groundY - top, darken(c, 0.18), `opacity="0.5"`);
      // First floor: two sashes with window boxes of flowers.
      for (const fx of [0.25, 0.68]) {
        const wx = x + w * fx - 36;
        sashWindow(svg, wx, top + 40, 72, 104, rnd, { cols: 2, rows: 2 });
        svg.rect(wx - 8, top + 150, 88, 18, "#3a3d41");
        for (let k = 0; k < 12; k++) {
          svg.circle(
            wx - 4 + k * 7.5,
            top + 146 - rnd.range(0, 8),
            rnd.range(5, 8),
            k % 3 === 0 ? "#5f7a57" : rnd.pick(["#e8b4b8", "#f2efe6", "#d46a5a", "#f1d38a"]),
          );
        }
      }
      // Ground floor: carriage doors and a front door.
      const gw = w * 0.46;
      const gx = x + w * 0.08;
      svg.rect(gx - 6, groundY - 170, gw + 12, 170, darken(c, 0.12));
      const doorC = doorCs[i % 4] as string;
      svg.rect(gx, groundY - 164, gw, 164, doorC);
      for (let k = 0; k < 4; k++) {
        svg.rect(gx + 6 + (k * (gw - 12)) / 4, groundY - 156, (gw - 12) / 4 - 6, 60, "#5d6e80", `opacity="0.75"`);
        svg.rect(
          gx + 6 + (k * (gw - 12)) / 4,
          groundY - 90,
          (gw - 12) / 4 - 6,
          82,
          "none",
          `stroke="${lighten(doorC, 0.2)}" stroke-width="2"`,
        );
      }
      svg.rect(gx + gw / 2 - 1, groundY - 164, 2, 164, darken(doorC, 0.3));
      panelDoor(svg, x + w * 0.72, groundY - 150, 54, 150, doorC, { fanlight: false, surround: lighten(c, 0.2) });
      topiary(svg, x + w * 0.72 - 24, groundY, 16);
      if (variant === 0 && i === 1) {
        // Wisteria trailing over the carriage doors.
        for (let k = 0; k < 40; k++) {
          const wx = gx - 20 + rnd.range(0, gw + 60);
          const wy = groundY - 240 + rnd.range(-30, 40);
          svg.ellipse(wx, wy, 6, 14, rnd.pick(["#b9a3d0", "#c8b5dc", "#9f88bf"]), `opacity="0.9"`);
        }
        svg.path(
          `M ${gx - 20} ${groundY - 230} Q ${gx + gw / 2} ${groundY - 270} ${gx + gw + 40} ${groundY - 220}`,
          "none",
          `stroke="#6b5a48" stroke-width="4"`,
        );
      }
      x += w;
      i += 1;
    }
    svg.rect(
      0,
      0,
      svg.width,
      groundY,
      svg.linear(
        [
          [0, "#fff6e0", 0.16],
          [1, "#2a241c", 0.08],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    // Cobbles.
    svg.rect(0, groundY, svg.width, svg.height - groundY, "#a8a39b");
    const b = svg.blur(0.6);
    svg.group(`filter="${b}"`);
    for (let row = 0; row * 14 < svg.height - groundY; row++) {
      const y = groundY + 6 + row * (12 + row * 0.9);
      const size = 10 + row * 1.4;
      for (let cxp = (row % 2) * size * 0.6; cxp < svg.width; cxp += size * 1.25) {
        svg.ellipse(cxp, y, size * 0.55, size * 0.3, rnd.pick(["#bdb8ae", "#b3ada2", "#c6c0b5", "#aaa498"]));
      }
    }
    svg.end();
    svg.rect(0, groundY, svg.width, 14, "#2a241c", `opacity="0.15"`);
  };
}

function glassTower(variant: number): SceneFn {
  return (svg, rnd) => {
    const dusk = variant === 1;
    const waterY = 560;
    exteriorSky(svg, dusk ? "dusk" : "morning", rnd, waterY);
    const [skyTop, skyMid, skyLow] = SKIES[dusk ? "dusk" : "morning"];
    // Distant city, then neighbouring buildings.
    const far = dusk ? "#4b4f6b" : "#b9c4cc";
    let x = 0;
    while (x < svg.width) {
      const w = rnd.range(50, 120);
      const h = rnd.range(40, 130);
      svg.rect(x, waterY - 40 - h, w + 1, h + 40, far);
      x += w;
    }
    const near = dusk ? "#3a3f58" : "#d9d3c7";
    for (const [bx, bw, bh] of [
      [60, 260, 190],
      [720, 180, 230],
      [930, 300, 160],
    ] as [number, number, number][]) {
      svg.rect(bx, waterY - 40 - bh, bw, bh + 40, near);
      for (let f = 0; f < bh / 28 - 1; f++)
        for (let k = 0; k < bw / 30 - 1; k++) {
          svg.rect(
            bx + 14 + k * 30,
            waterY - 40 - bh + 16 + f * 28,
            16,
            14,
            dusk && rnd.chance(0.5) ? "#f2c984" : dusk ? "#2c3048" : "#9aa8b3",
          );
        }
    }
    // The tower: a glass curtain wall reflecting the sky, with a curved corner.
    const tx0 = 380;
    const tx1 = 700;
    const ttop = 70;
    const base = waterY - 40;
    svg.rect(
      tx0,
      ttop,
      tx1 - tx0,
      base - ttop,
      svg.linear([
        [0, dusk ? "#34466a" : "#5f82a0"],
        [0.45, dusk ? "#7c6f86" : "#9db6c8"],
        [0.7, dusk ? "#a58a8c" : skyMid],
        [1, dusk ? "#c99a83" : "#7d96a8"],
      ]),
    );
    svg.rect(
      tx1 - 70,
      ttop + 20,
      70,
      base - ttop - 20,
      svg.linear(
        [
          [0, "#ffffff", 0.05],
          [1, "#000000", 0.25],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    // Reflections of clouds and neighbours.
    svg.poly(
      [
        [tx0, ttop + 200],
        [tx0 + 200, ttop + 80],
        [tx0 + 250, ttop + 80],
        [tx0, ttop + 320],
      ],
      "#ffffff",
      `opacity="${dusk ? 0.06 : 0.14}"`,
    );
    // Floor slabs with glass balconies every floor.
    for (let y = ttop + 22; y < base; y += 26) {
      svg.rect(tx0 - 12, y, tx1 - tx0 + 12, 4, dusk ? "#cfd3dc" : "#eef1f3");
      svg.rect(tx0 - 12, y - 14, tx1 - tx0 - 60, 14, "#ffffff", `opacity="0.12"`);
      if (dusk)
        for (let k = 0; k < 10; k++)
          if (rnd.chance(0.35)) svg.rect(tx0 + 6 + k * 30, y - 20, 24, 18, "#f4cf8e", `opacity="0.85"`);
    }
    for (let mx = tx0 + 30; mx < tx1; mx += 30)
      svg.rect(mx, ttop, 1.5, base - ttop, dusk ? "#9aa3b8" : "#e7ecef", `opacity="0.55"`);
    svg.rect(tx0 - 14, ttop - 16, tx1 - tx0 + 14, 16, dusk ? "#cfd3dc" : "#eef1f3");
    svg.rect(tx0 + 40, ttop - 40, 120, 24, dusk ? "#8c90a3" : "#d6dbdf");
    // A lower pavilion and the embankment with trees.
    svg.rect(240, base - 90, 520, 90, dusk ? "#2c3147" : "#e7e2d8");
    for (let k = 0; k < 12; k++)
      svg.rect(256 + k * 42, base - 72, 30, 60, dusk ? "#f0c78a" : "#6f8396", `opacity="0.85"`);
    svg.rect(0, base, svg.width, 40, dusk ? "#4a4b5e" : "#cbc4b8");
    svg.rect(0, base + 32, svg.width, 8, dusk ? "#3a3b4c" : "#b3ab9d");
    for (let tx = 40; tx < svg.width; tx += 150) {
      const leaf = dusk ? "#3d4a45" : "#7d9470";
      svg.rect(tx - 3, base - 30, 6, 34, "#5a4a3a");
      svg.ellipse(tx, base - 52, 42, 36, leaf);
      svg.ellipse(tx - 10, base - 62, 22, 18, lighten(leaf, 0.12), `opacity="0.8"`);
    }
    for (let lx = 110; lx < svg.width; lx += 150) {
      svg.rect(lx - 1.5, base - 40, 3, 40, "#2a2d33");
      svg.circle(lx, base - 44, 5, dusk ? "#ffe2a8" : "#f1eee6");
      if (dusk) svg.circle(lx, base - 44, 14, "#ffd98f", `opacity="0.35" filter="${svg.blur(5)}"`);
    }
    // The river, with a blurred mirror image of the scene above it.
    svg.rect(
      0,
      waterY,
      svg.width,
      svg.height - waterY,
      svg.linear([
        [0, dusk ? "#3e4866" : "#8aa4b5"],
        [1, dusk ? "#1f2a44" : "#5d7890"],
      ]),
    );
    svg.add(`<g transform="translate(0 ${waterY * 2}) scale(1 -1)" opacity="0.35" filter="${svg.blur(4)}">`);
    svg.rect(
      tx0,
      ttop,
      tx1 - tx0,
      base - ttop,
      svg.linear([
        [0, dusk ? "#34466a" : "#7f9db5"],
        [1, dusk ? "#c99a83" : "#c8d6de"],
      ]),
    );
    svg.rect(0, base, svg.width, 40, dusk ? "#4a4b5e" : "#cbc4b8");
    svg.end();
    for (let k = 0; k < 60; k++) {
      const y = waterY + 10 + rnd.range(0, svg.height - waterY - 10);
      const w = rnd.range(20, 90);
      svg.rect(rnd.range(0, svg.width), y, w, 2, dusk ? "#f2c98a" : "#e8f0f4", `opacity="${f1(rnd.range(0.15, 0.4))}"`);
    }
    void skyTop;
    void skyLow;
  };
}

function victorianConversion(variant: number): SceneFn {
  return (svg, rnd) => {
    const groundY = 650;
    exteriorSky(svg, variant ? "soft" : "golden", rnd, groundY);
    const brickC = variant ? "#b99e78" : "#a86a52";
    const trim = "#f4f1ea";
    const houseW = 600;
    for (let h = 0; h < 2; h++) {
      const x0 = h * houseW;
      const mirror = h === 1;
      const eaves = groundY - 400;
      // Pitched slate roof, gable and chimney.
      svg.poly(
        [
          [x0 - 10, eaves],
          [x0 + houseW + 10, eaves],
          [x0 + houseW - 60, eaves - 110],
          [x0 + 60, eaves - 110],
        ],
        "#5d656d",
      );
      for (let k = 0; k < 16; k++) {
        const inset = 4 + (70 * (6 + k * 6.5)) / 110;
        svg.line(
          x0 + inset,
          eaves - 6 - k * 6.5,
          x0 + houseW - inset,
          eaves - 6 - k * 6.5,
          "#4f565d",
          1,
          `opacity="0.5"`,
        );
      }
      chimney(svg, mirror ? x0 + 40 : x0 + houseW - 100, eaves - 95, 60, darken(brickC, 0.05), 4);
      brick(svg, x0, eaves, houseW, groundY - eaves, brickC);
      svg.rect(x0, eaves, houseW, 14, trim);
      // Two-storey bay with a gablet.
      const bx = mirror ? x0 + houseW - 300 : x0 + 60;
      const bw = 240;
      svg.poly(
        [
          [bx - 10, eaves + 4],
          [bx + bw + 10, eaves + 4],
          [bx + bw / 2, eaves - 80],
        ],
        trim,
      );
      svg.poly(
        [
          [bx + 10, eaves],
          [bx + bw - 10, eaves],
          [bx + bw / 2, eaves - 66],
        ],
        "#5d656d",
      );
      svg.rect(bx, eaves + 10, bw, groundY - eaves - 30, trim);
      svg.rect(bx, eaves + 10, 30, groundY - eaves - 30, darken(trim, 0.1));
      svg.rect(bx + bw - 30, eaves + 10, 30, groundY - eaves - 30, darken(trim, 0.05));
      for (const fy of [eaves + 40, eaves + 220]) {
        sashWindow(svg, bx + 6, fy, 20, 140, rnd, { cols: 1, rows: 1, sill: "none", reveal: false });
        sashWindow(svg, bx + 56, fy, 128, 140, rnd, {
          cols: 2,
          rows: 1,
          sill: "none",
          curtains: rnd.chance(0.5) ? "#e2d3bb" : undefined,
        });
        sashWindow(svg, bx + bw - 26, fy, 20, 140, rnd, { cols: 1, rows: 1, sill: "none", reveal: false });
        svg.rect(bx - 6, fy + 150, bw + 12, 10, trim);
      }
      // Door in an arched porch with a stained-glass fanlight.
      const dx = mirror ? x0 + 90 : x0 + houseW - 200;
      svg.path(
        `M${dx} ${groundY - 20} L ${dx} ${groundY - 200} A 60 50 0 0 1 ${dx + 120} ${groundY - 200} L ${dx + 120} ${groundY - 20} Z`,
        trim,
      );
      svg.path(
        `M${dx + 14} ${groundY - 20} L ${dx + 14} ${groundY - 196} A 46 38 0 0 1 ${dx + 106} ${groundY - 196} L ${dx + 106} ${groundY - 20} Z`,
        darken(brickC, 0.35),
      );
      panelDoor(
        svg,
        dx + 30,
        groundY - 180,
        60,
        160,
        variant ? (h ? "#5f7a5b" : "#2f3d55") : h ? "#7b2f2f" : "#1d1f24",
        { fanlight: false, surround: darken(brickC, 0.3) },
      );
      svg.path(`M${dx + 30} ${groundY - 184} A 30 22 0 0 1 ${dx + 90} ${groundY - 184} Z`, "#c98a5a", `opacity="0.85"`);
      // Window above the porch.
      sashWindow(svg, dx + 20, eaves + 50, 80, 130, rnd, { cols: 1, rows: 1 });
      // Steps and a front wall with a hedge.
      svg.rect(dx, groundY - 20, 120, 10, "#e5e0d5");
      svg.rect(dx - 10, groundY - 10, 140, 10, "#dcd6ca");
    }
    svg.rect(houseW - 2, groundY - 400, 4, 400, darken(brickC, 0.3), `opacity="0.5"`);
    svg.rect(
      0,
      0,
      svg.width,
      groundY,
      svg.linear(
        [
          [0, "#fff6e0", 0.14],
          [1, "#2a241c", 0.1],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    pavement(svg, groundY);
    // Low garden wall with hedges.
    for (let h = 0; h < 2; h++) {
      const x0 = h * houseW;
      const gx = h === 1 ? x0 + 90 : x0 + houseW - 200;
      for (const [a, b2] of [
        [x0, gx - 10],
        [gx + 130, x0 + houseW],
      ] as P2[]) {
        if (b2 - a < 20) continue;
        svg.rect(a, groundY + 30, b2 - a, 44, variant ? "#c9ad85" : "#9a5e48");
        svg.rect(a - 4, groundY + 24, b2 - a + 8, 10, "#e5e0d5");
        svg.rect(a + 4, groundY - 14, b2 - a - 8, 42, "#5f7a57", `rx="16"`);
        svg.rect(a + 4, groundY - 14, b2 - a - 8, 16, "#7a9470", `rx="8" opacity="0.8"`);
      }
    }
    tree(svg, variant ? 1150 : 40, groundY + 60, 200, rnd, "#7b936d");
  };
}

// ---------------------------------------------------------------------------------------------
// Marketing images: the hero, the placeholder, experiences and the host pitch
// ---------------------------------------------------------------------------------------------

function person(
  svg: Svg,
  x: number,
  baseY: number,
  h: number,
  color: string,
  opts: { glass?: boolean; dress?: boolean } = {},
) {
  const head = h * 0.075;
  const shoulderY = baseY - h * 0.8;
  svg.circle(x, baseY - h * 0.9, head, color);
  svg.path(
    `M${f1(x - h * 0.11)} ${f1(shoulderY + h * 0.04)} Q ${f1(x - h * 0.11)} ${f1(shoulderY)} ${f1(x - h * 0.05)} ${f1(shoulderY)} L ${f1(x + h * 0.05)} ${f1(shoulderY)} Q ${f1(x + h * 0.11)} ${f1(shoulderY)} ${f1(x + h * 0.11)} ${f1(shoulderY + h * 0.04)} L ${f1(x + (opts.dress ? h * 0.13 : h * 0.09))} ${f1(baseY - h * (opts.dress ? 0.12 : 0.42))} L ${f1(x - (opts.dress ? h * 0.13 : h * 0.09))} ${f1(baseY - h * (opts.dress ? 0.12 : 0.42))} Z`,
    color,
  );
  svg.rect(x - h * 0.075, baseY - h * 0.44, h * 0.065, h * 0.44, color);
  svg.rect(x + h * 0.01, baseY - h * 0.44, h * 0.065, h * 0.44, color);
  if (opts.glass) {
    svg.line(x + h * 0.1, shoulderY + h * 0.05, x + h * 0.16, shoulderY - h * 0.02, color, h * 0.03);
    svg.path(
      `M${f1(x + h * 0.13)} ${f1(shoulderY - h * 0.1)} l ${f1(h * 0.06)} 0 l ${f1(-h * 0.03)} ${f1(h * 0.07)} Z`,
      color,
    );
  }
}

function londonEye(svg: Svg, cx: number, cy: number, r: number, color: string, lights: boolean) {
  svg.circle(cx, cy, r, "none", `stroke="${color}" stroke-width="${f1(r * 0.025)}"`);
  svg.circle(cx, cy, r * 0.96, "none", `stroke="${color}" stroke-width="${f1(r * 0.01)}"`);
  for (let i = 0; i < 32; i++) {
    const a = (i / 32) * Math.PI * 2;
    svg.line(cx, cy, cx + Math.cos(a) * r, cy + Math.sin(a) * r, color, r * 0.004, `opacity="0.8"`);
    svg.ellipse(
      cx + Math.cos(a) * r * 1.03,
      cy + Math.sin(a) * r * 1.03,
      r * 0.03,
      r * 0.02,
      lights ? "#ffe3b0" : color,
    );
  }
  svg.circle(cx, cy, r * 0.05, color);
  svg.poly(
    [
      [cx, cy],
      [cx - r * 0.45, cy + r * 1.12],
      [cx - r * 0.38, cy + r * 1.12],
    ],
    color,
  );
  svg.poly(
    [
      [cx, cy],
      [cx + r * 0.2, cy + r * 1.12],
      [cx + r * 0.27, cy + r * 1.12],
    ],
    color,
  );
}

function elizabethTower(svg: Svg, x: number, baseY: number, h: number, color: string, face: string) {
  const w = h * 0.09;
  svg.rect(x - w / 2, baseY - h * 0.72, w, h * 0.72, color);
  svg.rect(x - w * 0.62, baseY - h * 0.8, w * 1.24, h * 0.1, color);
  svg.circle(x, baseY - h * 0.75, w * 0.38, face);
  svg.poly(
    [
      [x - w * 0.55, baseY - h * 0.8],
      [x + w * 0.55, baseY - h * 0.8],
      [x + w * 0.4, baseY - h * 0.86],
      [x - w * 0.4, baseY - h * 0.86],
    ],
    color,
  );
  svg.poly(
    [
      [x - w * 0.4, baseY - h * 0.86],
      [x + w * 0.4, baseY - h * 0.86],
      [x, baseY - h],
    ],
    color,
  );
  for (let i = 0; i < 6; i++)
    svg.rect(
      x - w * 0.35 + i * w * 0.14,
      baseY - h * 0.7 + 4,
      w * 0.05,
      h * 0.6,
      lighten(color, 0.06),
      `opacity="0.5"`,
    );
}

function stPauls(svg: Svg, x: number, baseY: number, s: number, color: string) {
  svg.rect(x - s * 1.2, baseY - s * 0.5, s * 2.4, s * 0.5, color);
  svg.rect(x - s * 0.62, baseY - s * 0.95, s * 1.24, s * 0.45, color);
  svg.path(
    `M${f1(x - s * 0.55)} ${f1(baseY - s * 0.95)} A ${f1(s * 0.55)} ${f1(s * 0.6)} 0 0 1 ${f1(x + s * 0.55)} ${f1(baseY - s * 0.95)} Z`,
    color,
  );
  svg.rect(x - s * 0.09, baseY - s * 1.72, s * 0.18, s * 0.2, color);
  svg.poly(
    [
      [x - s * 0.05, baseY - s * 1.72],
      [x + s * 0.05, baseY - s * 1.72],
      [x, baseY - s * 1.9],
    ],
    color,
  );
  for (const dx of [-1.05, 0.85]) {
    svg.rect(x + dx * s, baseY - s * 0.9, s * 0.2, s * 0.4, color);
    svg.poly(
      [
        [x + dx * s, baseY - s * 0.9],
        [x + dx * s + s * 0.2, baseY - s * 0.9],
        [x + dx * s + s * 0.1, baseY - s * 1.1],
      ],
      color,
    );
  }
}

function shard(svg: Svg, x: number, baseY: number, h: number, color: string) {
  svg.poly(
    [
      [x - h * 0.16, baseY],
      [x + h * 0.14, baseY],
      [x + h * 0.015, baseY - h],
      [x - h * 0.02, baseY - h * 0.97],
    ],
    color,
  );
  svg.poly(
    [
      [x - h * 0.02, baseY - h * 0.97],
      [x + h * 0.015, baseY - h],
      [x + h * 0.14, baseY],
    ],
    lighten(color, 0.06),
    `opacity="0.7"`,
  );
}

function gherkin(svg: Svg, x: number, baseY: number, h: number, color: string) {
  svg.path(
    `M${f1(x - h * 0.17)} ${f1(baseY)} C ${f1(x - h * 0.24)} ${f1(baseY - h * 0.6)}, ${f1(x - h * 0.1)} ${f1(baseY - h)}, ${f1(x)} ${f1(baseY - h)} C ${f1(x + h * 0.1)} ${f1(baseY - h)}, ${f1(x + h * 0.24)} ${f1(baseY - h * 0.6)}, ${f1(x + h * 0.17)} ${f1(baseY)} Z`,
    color,
  );
}

function towerBridge(svg: Svg, cx: number, deckY: number, s: number, color: string, lights: boolean) {
  for (const dx of [-1, 1]) {
    const tx = cx + dx * s * 1.1;
    svg.rect(tx - s * 0.22, deckY - s * 1.4, s * 0.44, s * 1.9, color);
    svg.poly(
      [
        [tx - s * 0.26, deckY - s * 1.4],
        [tx + s * 0.26, deckY - s * 1.4],
        [tx, deckY - s * 1.85],
      ],
      color,
    );
    for (const ex of [-0.22, 0.22])
      svg.poly(
        [
          [tx + ex * s - s * 0.05, deckY - s * 1.4],
          [tx + ex * s + s * 0.05, deckY - s * 1.4],
          [tx + ex * s, deckY - s * 1.62],
        ],
        color,
      );
    if (lights)
      for (let k = 0; k < 4; k++)
        svg.rect(tx - s * 0.05, deckY - s * 1.25 + k * s * 0.28, s * 0.1, s * 0.14, "#f6d08f");
    // Suspension chains to the shore.
    svg.path(
      `M${f1(tx + dx * s * 0.22)} ${f1(deckY - s * 1.1)} Q ${f1(tx + dx * s * 1.0)} ${f1(deckY - s * 0.1)} ${f1(tx + dx * s * 1.9)} ${f1(deckY - s * 0.05)}`,
      "none",
      `stroke="${color}" stroke-width="${f1(s * 0.06)}"`,
    );
  }
  // High walkways and the deck.
  svg.rect(cx - s * 0.9, deckY - s * 1.2, s * 1.8, s * 0.1, color);
  svg.rect(cx - s * 0.9, deckY - s * 1.05, s * 1.8, s * 0.06, color);
  svg.rect(cx - s * 3, deckY, s * 6, s * 0.1, color);
  if (lights)
    for (let k = 0; k < 18; k++) svg.circle(cx - s * 2.9 + k * s * 0.34, deckY - s * 0.02, s * 0.03, "#ffe0a6");
}

function heroLondon(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    const horizon = 760;
    svg.rect(
      0,
      0,
      W,
      horizon,
      svg.linear([
        [0, "#16213a"],
        [0.45, "#2d3b5e"],
        [0.78, "#6d6582"],
        [1, "#d9a07f"],
      ]),
    );
    // A low moon and a few stars, right of centre.
    svg.circle(1540, 210, 120, "#f4e6c8", `opacity="0.15" filter="${svg.blur(30)}"`);
    svg.circle(1540, 210, 30, "#f6ecd6", `opacity="0.9"`);
    for (let i = 0; i < 60; i++)
      svg.circle(
        rnd.range(0, W),
        rnd.range(0, 380),
        rnd.range(0.6, 1.6),
        "#ffffff",
        `opacity="${f1(rnd.range(0.2, 0.6))}"`,
      );
    // Haze at the horizon.
    svg.rect(0, horizon - 200, W, 240, "#e8b08a", `opacity="0.18" filter="${svg.blur(40)}"`);
    // Far skyline: low, even, pale.
    const far = "#5c5b78";
    let x = 0;
    while (x < W) {
      const w = rnd.range(30, 90);
      const h = x < W * 0.5 ? rnd.range(20, 60) : rnd.range(30, 110);
      svg.rect(x, horizon - h, w + 1, h, far);
      x += w;
    }
    shard(svg, 1760, horizon - 20, 420, "#4a4b69");
    gherkin(svg, 1610, horizon - 20, 170, "#4a4b69");
    svg.rect(1655, horizon - 240, 70, 220, "#4a4b69");
    stPauls(svg, 1360, horizon - 30, 95, "#3f4160");
    // Mid layer with lit windows.
    const mid = "#2b2e48";
    x = 0;
    while (x < W) {
      const w = rnd.range(40, 120);
      const h = x < W * 0.45 ? rnd.range(25, 70) : rnd.range(40, 140);
      svg.rect(x, horizon - h, w + 1, h, mid);
      for (let k = 0; k < (w * h) / 900; k++) {
        if (rnd.chance(0.55))
          svg.rect(
            x + rnd.range(4, w - 8),
            horizon - h + rnd.range(6, h - 10),
            3,
            4,
            "#f3c88a",
            `opacity="${f1(rnd.range(0.4, 0.9))}"`,
          );
      }
      x += w;
    }
    // Westminster on the right: the Eye, the Palace and the Elizabeth Tower.
    londonEye(svg, 1010, horizon - 230, 200, "#c9c6d8", true);
    const palace = "#22253b";
    svg.rect(1260, horizon - 90, 560, 90, palace);
    for (let px = 1270; px < 1820; px += 26)
      svg.poly(
        [
          [px, horizon - 90],
          [px + 10, horizon - 90],
          [px + 5, horizon - 112],
        ],
        palace,
      );
    svg.rect(1700, horizon - 230, 60, 140, palace);
    svg.poly(
      [
        [1696, horizon - 230],
        [1764, horizon - 230],
        [1730, horizon - 270],
      ],
      palace,
    );
    for (let k = 0; k < 40; k++)
      svg.rect(1280 + k * 13, horizon - 70, 4, 12, "#f1c27f", `opacity="${f1(rnd.range(0.35, 0.85))}"`);
    elizabethTower(svg, 1300, horizon, 380, palace, "#f5dca0");
    svg.circle(1300, horizon - 285, 40, "#f5dca0", `opacity="0.3" filter="${svg.blur(10)}"`);
    // Embankment and the river with reflections.
    svg.rect(0, horizon, W, 14, "#1c1f33");
    for (let lx = 40; lx < W; lx += 90) {
      svg.circle(lx, horizon - 8, 3, "#ffe2a8");
      svg.circle(lx, horizon - 8, 10, "#ffd48a", `opacity="0.3" filter="${svg.blur(4)}"`);
    }
    svg.rect(
      0,
      horizon + 14,
      W,
      H - horizon - 14,
      svg.linear([
        [0, "#33375a"],
        [0.4, "#232843"],
        [1, "#141a2e"],
      ]),
    );
    svg.add(`<g transform="translate(0 ${2 * horizon + 28}) scale(1 -1)" opacity="0.25" filter="${svg.blur(6)}">`);
    londonEye(svg, 1010, horizon - 230, 200, "#c9c6d8", true);
    elizabethTower(svg, 1300, horizon, 380, palace, "#f5dca0");
    svg.end();
    for (let i = 0; i < 220; i++) {
      const ry = horizon + 20 + rnd.next() ** 1.6 * (H - horizon - 20);
      const rx = rnd.range(0, W);
      const warm = rx > W * 0.45 && rnd.chance(0.6);
      svg.rect(
        rx,
        ry,
        rnd.range(10, 70) * (1 + (ry - horizon) / 300),
        1.6,
        warm ? "#f2c27e" : "#9aa3c4",
        `opacity="${f1(rnd.range(0.12, warm ? 0.55 : 0.3))}"`,
      );
    }
    // Quiet the left half for white headline text.
    svg.rect(
      0,
      0,
      W,
      H,
      svg.linear(
        [
          [0, "#0f1628", 0.55],
          [0.45, "#0f1628", 0.25],
          [0.7, "#0f1628", 0],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  };
}

function placeholder(): SceneFn {
  return (svg) => {
    const { width: W, height: H } = svg;
    svg.rect(
      0,
      0,
      W,
      H,
      svg.linear(
        [
          [0, "#eeebe4"],
          [1, "#dedad1"],
        ],
        0,
        0,
        1,
        1,
      ),
    );
    svg.circle(W * 0.5, H * 0.46, 260, "#ffffff", `opacity="0.35" filter="${svg.blur(40)}"`);
    const c = "#c4beb2";
    const cx = W / 2;
    const base = H * 0.64;
    // A simple townhouse in outline.
    svg.poly(
      [
        [cx - 130, base - 220],
        [cx, base - 320],
        [cx + 130, base - 220],
      ],
      "none",
      `stroke="${c}" stroke-width="10" stroke-linejoin="round"`,
    );
    svg.rect(cx - 110, base - 222, 220, 222, "none", `stroke="${c}" stroke-width="10" stroke-linejoin="round"`);
    svg.rect(cx - 26, base - 110, 52, 110, "none", `stroke="${c}" stroke-width="8"`);
    svg.rect(cx - 80, base - 190, 44, 50, "none", `stroke="${c}" stroke-width="8"`);
    svg.rect(cx + 36, base - 190, 44, 50, "none", `stroke="${c}" stroke-width="8"`);
    svg.line(cx - 220, base + 4, cx + 220, base + 4, c, 8, `stroke-linecap="round"`);
  };
}

function theatreNight(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    svg.rect(0, 0, W, H, "#1b1216");
    // Stage and set.
    const sx0 = 240;
    const sx1 = 960;
    const sy0 = 150;
    const sy1 = 560;
    svg.rect(
      sx0,
      sy0,
      sx1 - sx0,
      sy1 - sy0,
      svg.linear([
        [0, "#2a3552"],
        [1, "#5d4a5a"],
      ]),
    );
    // A painted backdrop: a moonlit garden.
    svg.circle(760, 260, 46, "#f3e3bd", `opacity="0.9"`);
    svg.ellipse(450, 520, 260, 90, "#2f3f3a");
    svg.ellipse(820, 530, 240, 80, "#3a4a40");
    svg.rect(sx0, 500, sx1 - sx0, 60, "#6b4a35");
    // Spotlight cone and performers.
    svg.poly(
      [
        [590, sy0],
        [640, sy0],
        [760, sy1],
        [470, sy1],
      ],
      "#fff2cf",
      `opacity="0.2" filter="${svg.blur(8)}"`,
    );
    svg.ellipse(615, 545, 150, 22, "#fff2cf", `opacity="0.35" filter="${svg.blur(6)}"`);
    person(svg, 580, 548, 170, "#1c1a24", { dress: true });
    person(svg, 660, 548, 185, "#24202c");
    // Red velvet curtains and a gilded proscenium.
    const velvet = svg.linear(
      [
        [0, "#6e1620"],
        [0.2, "#9b2531"],
        [0.4, "#6e1620"],
        [0.6, "#a12a36"],
        [0.8, "#6e1620"],
        [1, "#8c1f2b"],
      ],
      0,
      0,
      1,
      0,
    );
    svg.path(
      `M${sx0} ${sy0} L ${sx0 + 150} ${sy0} Q ${sx0 + 90} ${sy1 * 0.6} ${sx0 + 20} ${sy1} L ${sx0} ${sy1} Z`,
      velvet,
    );
    svg.path(
      `M${sx1} ${sy0} L ${sx1 - 150} ${sy0} Q ${sx1 - 90} ${sy1 * 0.6} ${sx1 - 20} ${sy1} L ${sx1} ${sy1} Z`,
      velvet,
    );
    svg.rect(sx0, sy0, sx1 - sx0, 70, velvet);
    for (let x = sx0; x < sx1; x += 60)
      svg.path(`M${x} ${sy0 + 70} Q ${x + 30} ${sy0 + 100} ${x + 60} ${sy0 + 70} Z`, "#7d1a25");
    svg.path(
      `M${sx0 - 40} ${H} L ${sx0 - 40} ${sy0 - 10} Q ${W / 2} ${sy0 - 120} ${sx1 + 40} ${sy0 - 10} L ${sx1 + 40} ${H} L ${sx1} ${H} L ${sx1} ${sy0} Q ${W / 2} ${sy0 - 80} ${sx0} ${sy0} L ${sx0} ${H} Z`,
      svg.linear(
        [
          [0, "#c9a24a"],
          [0.5, "#e6c77c"],
          [1, "#a5832f"],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    // Boxes at the sides.
    for (const [bx, dir] of [
      [0, 1],
      [W - 200, -1],
    ] as P2[]) {
      svg.rect(bx, 0, 200, H, "#3a1a20");
      for (const by of [160, 360]) {
        svg.rect(bx + (dir > 0 ? 20 : 20), by, 160, 110, "#24121a");
        svg.path(
          `M${bx + 20} ${by + 110} Q ${bx + 100} ${by + 90} ${bx + 180} ${by + 110} L ${bx + 180} ${by + 140} L ${bx + 20} ${by + 140} Z`,
          "#c9a24a",
        );
        svg.circle(bx + 100, by + 40, 30, "#f7d48f", `opacity="0.25" filter="${svg.blur(8)}"`);
        person(svg, bx + 80, by + 112, 70, "#140b10");
        person(svg, bx + 125, by + 112, 66, "#140b10", { dress: true });
      }
    }
    // The audience in silhouette.
    svg.rect(
      0,
      600,
      W,
      H - 600,
      svg.linear([
        [0, "#4a2a2c"],
        [1, "#1d1114"],
      ]),
    );
    for (let row = 0; row < 4; row++) {
      const y = 640 + row * 45;
      const r = 22 + row * 4;
      const c = mix("#24161b", "#0b0609", row / 3);
      for (let x = -20 + (row % 2) * r; x < W + 20; x += r * 2.3) {
        const hx = x + rnd.range(-6, 6);
        svg.circle(hx, y - r * 0.7, r * 0.8, c);
        svg.ellipse(hx, y + r * 0.6, r * 1.3, r, c);
      }
    }
    svg.rect(0, 560, W, 60, "#fff2cf", `opacity="0.06" filter="${svg.blur(20)}"`);
  };
}

function privateDining(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    svg.rect(
      0,
      0,
      W,
      H,
      svg.linear([
        [0, "#23332d"],
        [1, "#1a2622"],
      ]),
    );
    // Panelled wall and an open kitchen pass behind.
    for (let x = 30; x < W; x += 150) svg.rect(x, 60, 120, 300, "none", `stroke="#2f433b" stroke-width="3"`);
    svg.rect(560, 200, 560, 240, "#3b302a");
    svg.rect(560, 200, 560, 16, "#b8934a");
    svg.rect(
      580,
      230,
      520,
      180,
      svg.linear([
        [0, "#f3d9a6", 0.5],
        [1, "#c98f57", 0.2],
      ]),
    );
    for (let k = 0; k < 6; k++) svg.rect(600 + k * 85, 250, 60, 8, "#7a6a5a", `opacity="0.7"`);
    // The chef plating at the pass.
    person(svg, 840, 470, 300, "#f4f1ea");
    svg.circle(840, 470 - 300 * 0.9, 300 * 0.075, "#c99a78");
    svg.rect(815, 470 - 300 - 38, 50, 40, "#f8f6f1", `rx="10"`);
    svg.ellipse(840, 470 - 300 - 40, 34, 20, "#fbfaf6");
    svg.rect(560, 410, 560, 60, "#4a3a30");
    svg.rect(560, 404, 560, 10, "#d9d1c2");
    // Pendants over the table.
    for (const px of [250, 500]) {
      svg.line(px, 0, px, 200, "#1a1a1a", 2);
      svg.ellipse(px, 280, 160, 120, "#ffdca0", `opacity="0.18" filter="${svg.blur(30)}"`);
      svg.path(`M${px - 45} 230 Q ${px} 170 ${px + 45} 230 Z`, "#b8934a");
      svg.ellipse(px, 230, 45, 7, "#fff1cf");
    }
    // The table: linen, plates, glasses and candles.
    svg.poly(
      [
        [0, 520],
        [W, 520],
        [W, H],
        [0, H],
      ],
      "#f3efe6",
    );
    svg.poly(
      [
        [0, 520],
        [W, 520],
        [W, 540],
        [0, 540],
      ],
      "#e3ddd0",
    );
    for (const [px, py, s] of [
      [220, 610, 1],
      [600, 640, 1.15],
      [980, 610, 1],
    ] as [number, number, number][]) {
      svg.ellipse(px, py + 8, 120 * s, 30 * s, "#2a241c", `opacity="0.12" filter="${svg.blur(6)}"`);
      svg.ellipse(px, py, 120 * s, 30 * s, "#fbfaf7");
      svg.ellipse(px, py, 80 * s, 19 * s, "#efe9df");
      // A plated course.
      svg.ellipse(px - 10 * s, py - 4, 30 * s, 9 * s, "#8a5a3c");
      svg.ellipse(px + 20 * s, py - 6, 14 * s, 6 * s, "#6d8a5f");
      svg.circle(px - 20 * s, py - 9, 5 * s, "#d46a5a");
      // Wine glass.
      const gx = px + 140 * s;
      svg.path(
        `M${f1(gx - 18 * s)} ${f1(py - 120 * s)} Q ${f1(gx - 20 * s)} ${f1(py - 70 * s)} ${f1(gx)} ${f1(py - 66 * s)} Q ${f1(gx + 20 * s)} ${f1(py - 70 * s)} ${f1(gx + 18 * s)} ${f1(py - 120 * s)} Z`,
        "#ffffff",
        `opacity="0.35"`,
      );
      svg.path(
        `M${f1(gx - 17 * s)} ${f1(py - 92 * s)} Q ${f1(gx)} ${f1(py - 60 * s)} ${f1(gx + 17 * s)} ${f1(py - 92 * s)} Z`,
        "#7b2f3a",
        `opacity="0.85"`,
      );
      svg.line(gx, py - 66 * s, gx, py - 12 * s, "#ffffff", 2.5, `opacity="0.6"`);
      svg.ellipse(gx, py - 10 * s, 16 * s, 4 * s, "#ffffff", `opacity="0.5"`);
      // Cutlery.
      svg.rect(px - 150 * s, py - 20 * s, 6 * s, 50 * s, "#c9c3b7", `transform="rotate(-8 ${px - 150 * s} ${py})"`);
    }
    for (const cx of [420, 790]) {
      svg.rect(cx - 8, 470, 16, 80, "#f6f0e2");
      svg.ellipse(cx, 462, 5, 11, "#ffd27a");
      svg.circle(cx, 462, 40, "#ffcf7a", `opacity="0.3" filter="${svg.blur(12)}"`);
      svg.rect(cx - 16, 548, 32, 8, "#b8934a");
    }
    for (let i = 0; i < 5; i++) svg.circle(60 + i * 12 + rnd.range(-3, 3), 560, 6, "#6d8a5f");
  };
}

function galleryTour(): SceneFn {
  return (svg, rnd) => {
    const pal: InteriorPalette = {
      ...INTERIOR_PALETTES.ivory,
      wall: "#f5f3ee",
      sideWall: "#ecebe6",
      floor: "#b99570",
      floorAlt: "#b08c68",
      art: ["#2f3d55", "#c77b58", "#e6d9bd"],
    };
    const room = new Room(svg, pal, rnd, { camera: [0.2, 1.5, -3.2], depth: 8, width: 8, height: 4.2 });
    drawShell(room, { floor: "wide" });
    const { D, H } = room;
    // Skylight glow along the ceiling.
    const a = room.p([-1.5, H, 1]);
    const b = room.p([1.5, H, D]);
    svg.poly(
      [room.p([-1.5, H, 0.5]), room.p([1.5, H, 0.5]), room.p([1.5, H, D - 0.5]), room.p([-1.5, H, D - 0.5])],
      "#fbfbf7",
    );
    svg.rect(a[0], a[1], b[0] - a[0], 40, "#ffffff", `opacity="0.4" filter="${svg.blur(20)}"`);
    // Large works on the back wall and side walls.
    artwork(room, -2.0, 1.3, 2.2, 1.6, rnd, "abstract");
    artwork(room, 1.6, 1.4, 1.6, 1.9, rnd, "lines");
    for (const [z0, z1, c] of [
      [2, 4, "#c77b58"],
      [5, 6.6, "#2f3d55"],
    ] as [number, number, string][]) {
      room.quad(
        [
          [-3.99, 1.0, z0],
          [-3.99, 1.0, z1],
          [-3.99, 2.6, z1],
          [-3.99, 2.6, z0],
        ],
        "#3a332d",
      );
      room.quad(
        [
          [-3.98, 1.06, z0 + 0.06],
          [-3.98, 1.06, z1 - 0.06],
          [-3.98, 2.54, z1 - 0.06],
          [-3.98, 2.54, z0 + 0.06],
        ],
        mix(c, "#f3efe6", 0.2),
      );
      room.quad(
        [
          [3.99, 1.0, z0 + 0.5],
          [3.99, 1.0, z1 - 0.2],
          [3.99, 2.4, z1 - 0.2],
          [3.99, 2.4, z0 + 0.5],
        ],
        "#3a332d",
      );
      room.quad(
        [
          [3.98, 1.06, z0 + 0.56],
          [3.98, 1.06, z1 - 0.26],
          [3.98, 2.34, z1 - 0.26],
          [3.98, 2.34, z0 + 0.56],
        ],
        mix(c === "#2f3d55" ? "#9fae95" : "#e6c77c", "#f3efe6", 0.15),
      );
    }
    // A bench and visitors with a guide.
    room.shadow(-1.2, 3.4, 1.2, 3.9, 0.3, 8);
    room.box([-1.2, 0.38, 3.4], [1.2, 0.46, 3.9], "#8a6a4a", { top: "#a88660" });
    for (const x of [-1.1, 1.05]) room.box([x, 0, 3.45], [x + 0.05, 0.38, 3.85], "#2f2a26");
    const people: [number, number, string, boolean][] = [
      [-2.3, 5.4, "#2f3d55", false],
      [-1.7, 5.6, "#7b5a4a", true],
      [0.8, 5.0, "#3c4a3f", false],
      [1.6, 2.6, "#2d2a30", false],
      [2.2, 2.9, "#8a5a4a", true],
    ];
    for (const [x, z, c, dress] of people) {
      const [px, py] = room.p([x, 0, z]);
      room.shadow(x - 0.25, z - 0.15, x + 0.25, z + 0.15, 0.25, 5);
      person(svg, px, py, room.s(z) * 1.7, c, { dress });
    }
  };
}

function thamesCruise(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    const horizon = 470;
    svg.rect(
      0,
      0,
      W,
      horizon,
      svg.linear([
        [0, "#1f2d4d"],
        [0.6, "#5d5a7e"],
        [1, "#e2a984"],
      ]),
    );
    for (let i = 0; i < 40; i++)
      svg.circle(
        rnd.range(0, W),
        rnd.range(0, 200),
        rnd.range(0.6, 1.4),
        "#ffffff",
        `opacity="${f1(rnd.range(0.2, 0.6))}"`,
      );
    // City beyond the bridge.
    let x = 0;
    while (x < W) {
      const w = rnd.range(40, 100);
      const h = rnd.range(30, 120);
      svg.rect(x, horizon - h, w + 1, h, "#3d3f5e");
      for (let k = 0; k < 4; k++)
        if (rnd.chance(0.6))
          svg.rect(x + rnd.range(4, w - 6), horizon - h + rnd.range(6, h - 8), 3, 4, "#f3c88a", `opacity="0.8"`);
      x += w;
    }
    shard(svg, 980, horizon, 330, "#34364f");
    towerBridge(svg, W * 0.45, horizon - 10, 110, "#2a2c44", true);
    svg.rect(
      0,
      horizon,
      W,
      H - horizon,
      svg.linear([
        [0, "#3a4264"],
        [1, "#151b30"],
      ]),
    );
    svg.add(`<g transform="translate(0 ${2 * horizon}) scale(1 -1)" opacity="0.3" filter="${svg.blur(5)}">`);
    towerBridge(svg, W * 0.45, horizon - 10, 110, "#2a2c44", true);
    svg.end();
    for (let i = 0; i < 140; i++) {
      const ry = horizon + 6 + rnd.next() ** 1.5 * (H - horizon);
      svg.rect(
        rnd.range(0, W),
        ry,
        rnd.range(10, 60),
        1.6,
        rnd.chance(0.5) ? "#f2c27e" : "#9aa3c4",
        `opacity="${f1(rnd.range(0.15, 0.5))}"`,
      );
    }
    // The cruise boat in the foreground.
    const by = 640;
    svg.ellipse(620, by + 40, 520, 24, "#f2c27e", `opacity="0.15" filter="${svg.blur(10)}"`);
    svg.path(
      `M140 ${by - 40} L 1100 ${by - 40} Q 1120 ${by + 10} 1060 ${by + 30} L 200 ${by + 30} Q 150 ${by + 10} 140 ${by - 40} Z`,
      "#f1eee8",
    );
    svg.rect(150, by - 8, 960, 10, "#2f3d55");
    svg.rect(230, by - 110, 780, 72, "#2f3d55");
    svg.rect(226, by - 116, 790, 10, "#e9e4da");
    for (let k = 0; k < 14; k++)
      svg.rect(246 + k * 54, by - 98, 42, 46, "#f6d08f", `opacity="${f1(rnd.range(0.75, 1))}"`);
    for (let k = 0; k < 9; k++) person(svg, 300 + k * 80, by - 116, 46, "#1a1c28", { dress: k % 2 === 0 });
    for (let k = 0; k < 16; k++) svg.circle(240 + k * 50, by - 122, 2.5, "#ffe2a8");
    svg.rect(230, by - 140, 780, 3, "#1a1c28");
    for (let k = 0; k < 17; k++) svg.rect(230 + k * 48, by - 140, 2, 24, "#1a1c28");
    svg.circle(1080, by - 30, 8, "#ff6b5a");
    svg.circle(1080, by - 30, 20, "#ff6b5a", `opacity="0.3" filter="${svg.blur(5)}"`);
  };
}

function afternoonTea(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    // Soft window light behind, then the table.
    svg.rect(
      0,
      0,
      W,
      H,
      svg.linear([
        [0, "#e9e4dc"],
        [1, "#ddd5c8"],
      ]),
    );
    svg.rect(
      80,
      40,
      520,
      380,
      svg.linear([
        [0, "#dfeaf0"],
        [1, "#f6efe2"],
      ]),
    );
    for (const x of [80, 340, 600]) svg.rect(x - 8, 40, 16, 380, "#f7f5f0");
    svg.rect(72, 220, 536, 14, "#f7f5f0");
    svg.ellipse(330, 330, 200, 60, "#a9b99a", `opacity="0.6" filter="${svg.blur(14)}"`);
    svg.rect(
      640,
      40,
      140,
      420,
      svg.linear(
        [
          [0, "#d9b9ad"],
          [0.5, "#e8cfc4"],
          [1, "#d9b9ad"],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    svg.rect(0, 440, W, H - 440, "#f4efe6");
    svg.rect(0, 440, W, 12, "#e4dccd");
    svg.ellipse(W / 2, 650, 700, 200, "#ffffff", `opacity="0.4" filter="${svg.blur(40)}"`);
    // Three-tier cake stand.
    const cx = 560;
    svg.rect(cx - 4, 150, 8, 450, "#b8934a");
    svg.circle(cx, 146, 10, "#b8934a");
    const tiers: [number, number][] = [
      [270, 90],
      [420, 120],
      [580, 150],
    ];
    for (const [ty, r] of tiers) {
      svg.ellipse(cx, ty + 6, r, r * 0.22, "#2a241c", `opacity="0.1"`);
      svg.ellipse(cx, ty, r, r * 0.22, "#fbfaf7", `stroke="#d9c9a6" stroke-width="3"`);
      for (let k = 0; k < 5; k++) {
        const kx = cx - r * 0.7 + (k * r * 1.4) / 4;
        const kind = ty === 270 ? "cake" : ty === 420 ? "scone" : "sandwich";
        if (kind === "cake") {
          svg.rect(kx - 14, ty - 28, 28, 24, rnd.pick(["#e8b4b8", "#f1d38a", "#c9d8b6"]), `rx="5"`);
          svg.circle(kx, ty - 32, 5, "#c0392b");
        } else if (kind === "scone") {
          svg.ellipse(kx, ty - 14, 22, 16, "#d9a86c");
          svg.ellipse(kx, ty - 22, 18, 7, "#f5ecd8");
          svg.ellipse(kx, ty - 26, 9, 4, "#b5303b");
        } else {
          svg.poly(
            [
              [kx - 22, ty - 4],
              [kx + 22, ty - 4],
              [kx, ty - 34],
            ],
            "#f3e4c2",
          );
          svg.poly(
            [
              [kx - 18, ty - 8],
              [kx + 18, ty - 8],
              [kx, ty - 28],
            ],
            "#9fbf86",
            `opacity="0.7"`,
          );
        }
      }
    }
    // Teapot and cups.
    const tx = 900;
    const ty = 560;
    svg.ellipse(tx, ty + 30, 110, 18, "#2a241c", `opacity="0.12" filter="${svg.blur(5)}"`);
    for (const [stroke, sw] of [
      ["#cdbf9f", 22],
      ["#f8f6f1", 17],
    ] as [string, number][]) {
      svg.path(
        `M${tx - 80} ${ty - 50} Q ${tx - 150} ${ty - 70} ${tx - 165} ${ty - 125}`,
        "none",
        `stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round"`,
      );
      svg.path(
        `M${tx + 80} ${ty - 85} Q ${tx + 160} ${ty - 75} ${tx + 85} ${ty - 5}`,
        "none",
        `stroke="${stroke}" stroke-width="${sw - 4}"`,
      );
    }
    svg.ellipse(tx, ty - 40, 95, 75, "#f8f6f1", `stroke="#b8934a" stroke-width="2"`);
    svg.ellipse(tx, ty - 110, 50, 12, "#efe9df");
    svg.circle(tx, ty - 124, 10, "#b8934a");
    svg.path(
      `M${tx - 95} ${ty - 40} Q ${tx} ${ty - 10} ${tx + 95} ${ty - 40}`,
      "none",
      `stroke="#7f9173" stroke-width="6" opacity="0.7"`,
    );
    for (const [cx2, cy2] of [
      [230, 640],
      [1040, 700],
    ] as P2[]) {
      svg.ellipse(cx2, cy2, 90, 22, "#fbfaf7", `stroke="#d9c9a6" stroke-width="2"`);
      svg.path(
        `M${cx2 - 50} ${cy2 - 60} L ${cx2 + 50} ${cy2 - 60} Q ${cx2 + 46} ${cy2 - 4} ${cx2} ${cy2 - 4} Q ${cx2 - 46} ${cy2 - 4} ${cx2 - 50} ${cy2 - 60} Z`,
        "#fbfaf7",
      );
      svg.ellipse(cx2, cy2 - 60, 50, 11, "#a8683d");
      svg.path(`M${cx2 + 48} ${cy2 - 50} q 28 4 18 26 q -6 8 -20 4`, "none", `stroke="#fbfaf7" stroke-width="7"`);
      svg.path(
        `M${cx2 - 50} ${cy2 - 48} Q ${cx2} ${cy2 - 36} ${cx2 + 50} ${cy2 - 48}`,
        "none",
        `stroke="#7f9173" stroke-width="4" opacity="0.7"`,
      );
    }
    // A small posy of flowers.
    svg.rect(1100, 420, 40, 70, "#dfe8ea", `rx="10" opacity="0.9"`);
    for (let k = 0; k < 9; k++)
      svg.circle(
        1090 + rnd.range(0, 60),
        380 + rnd.range(0, 40),
        rnd.range(10, 16),
        rnd.pick(["#e8b4b8", "#f3ece2", "#d98d8d", "#f1d38a"]),
      );
  };
}

function museumAfterHours(): SceneFn {
  return (svg, rnd) => {
    const { width: W, height: H } = svg;
    svg.rect(
      0,
      0,
      W,
      H,
      svg.linear([
        [0, "#1e2740"],
        [1, "#2d2a3a"],
      ]),
    );
    // A Romanesque hall: arches receding either side of a central nave.
    const cx = W / 2;
    const vy = 380;
    for (let i = 6; i >= 0; i--) {
      const t = 1 / (1 + i * 0.45);
      const w = 900 * t;
      const h = 640 * t;
      const top = vy - h * 0.55;
      const tone = mix("#c9b48f", "#3a3550", i / 8);
      svg.path(
        `M${f1(cx - w / 2)} ${f1(vy + h * 0.45)} L ${f1(cx - w / 2)} ${f1(top + w * 0.3)} A ${f1(w / 2)} ${f1(w * 0.3)} 0 0 1 ${f1(cx + w / 2)} ${f1(top + w * 0.3)} L ${f1(cx + w / 2)} ${f1(vy + h * 0.45)}`,
        "none",
        `stroke="${tone}" stroke-width="${f1(30 * t)}"`,
      );
      for (const dir of [-1, 1]) {
        const x = cx + (dir * w) / 2;
        svg.rect(x - 16 * t, top + w * 0.3, 32 * t, h, tone);
        for (let b = 0; b < 6; b++)
          svg.rect(x - 16 * t, top + w * 0.3 + b * 60 * t, 32 * t, 30 * t, mix(tone, "#8a6f86", 0.25), `opacity="0.5"`);
      }
    }
    // Floor with a long runner of light.
    svg.poly(
      [
        [0, H],
        [W, H],
        [cx + 60, vy + 120],
        [cx - 60, vy + 120],
      ],
      "#3a3344",
    );
    svg.poly(
      [
        [cx - 180, H],
        [cx + 180, H],
        [cx + 20, vy + 120],
        [cx - 20, vy + 120],
      ],
      "#d9b27a",
      `opacity="0.18"`,
    );
    // A sculpture on its plinth, lit from below.
    svg.ellipse(cx, 470, 260, 280, "#f0c88a", `opacity="0.18" filter="${svg.blur(40)}"`);
    svg.rect(
      cx - 70,
      520,
      140,
      160,
      svg.linear(
        [
          [0, "#e9e2d4"],
          [1, "#b9b0a0"],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    svg.rect(cx - 84, 508, 168, 16, "#f3eee4");
    // A draped classical figure, one arm raised.
    const marble = svg.linear(
      [
        [0, "#f7f2e8"],
        [0.6, "#ddd4c4"],
        [1, "#b9ae9c"],
      ],
      0,
      0,
      1,
      0,
    );
    svg.path(
      `M${cx - 46} 508 L ${cx - 30} 340 Q ${cx - 28} 300 ${cx} 296 Q ${cx + 28} 300 ${cx + 30} 340 L ${cx + 52} 508 Z`,
      marble,
    );
    svg.path(
      `M${cx + 22} 318 Q ${cx + 44} 280 ${cx + 40} 226`,
      "none",
      `stroke="#e9e1d3" stroke-width="14" stroke-linecap="round"`,
    );
    svg.path(
      `M${cx - 24} 318 Q ${cx - 44} 360 ${cx - 36} 400`,
      "none",
      `stroke="#ddd4c4" stroke-width="13" stroke-linecap="round"`,
    );
    for (let k = 0; k < 6; k++)
      svg.path(
        `M${cx - 30 + k * 12} 360 Q ${cx - 34 + k * 13} 440 ${cx - 38 + k * 16} 506`,
        "none",
        `stroke="#b9ae9c" stroke-width="2" opacity="0.6"`,
      );
    svg.rect(cx - 8, 278, 16, 22, "#e6ddcd");
    svg.circle(cx, 266, 22, "#efe8da");
    // Guests with glasses in hand, in silhouette against the light.
    const guests: [number, number, boolean][] = [
      [250, 96, false],
      [320, 90, true],
      [860, 100, true],
      [930, 94, false],
      [1010, 70, false],
      [160, 140, true],
      [1080, 150, false],
    ];
    for (const [gx, gh, dress] of guests) person(svg, gx, 600 + gh * 1.2, gh * 2.2, "#151726", { glass: true, dress });
    // Warm uplights on the piers.
    for (const lx of [90, 1110, 330, 870])
      svg.ellipse(lx, 200, 40, 180, "#f3c27e", `opacity="0.12" filter="${svg.blur(16)}"`);
    void rnd;
  };
}

function hostInterior(): SceneFn {
  return (svg, rnd) => {
    const pal: InteriorPalette = {
      ...INTERIOR_PALETTES.ivory,
      wall: "#f6f2ea",
      sideWall: "#efe9de",
      sky: ["#d9ebf5", "#fbf6ea"],
    };
    const room = new Room(svg, pal, rnd, { camera: [-0.3, 1.35, -2.2], depth: 4.4, horizon: svg.height * 0.47 });
    drawShell(room, { floor: "wide" });
    const { D } = room;
    backWindow(room, -2.5, 0.2, { y0: 0.15, y1: 2.6, cols: 3, rows: 2 });
    leftWindow(room, 0.6, 2.8, { y0: 0.3, y1: 2.55, panes: 3 });
    artwork(room, 1.5, 1.35, 1.1, 0.8, rnd, "landscape");
    sideboard(room, 0.9, 2.2, D - 0.02, 0.42, 0.62, pal.wood);
    rug(room, -2.0, 1.6, 1.1, 3.7, pal.rug, pal.rugBorder);
    plant(room, -2.6, D - 0.45, 1.7, pal.trim, rnd);
    sofa(room, -1.8, 0.6, D - 1.15, 0.95, pal.fabric, [pal.cushionA, "#9fae95", pal.cushionA], rnd);
    floorLamp(room, 0.95, D - 0.9);
    sofa(room, 1.4, 2.35, 1.8, 0.85, "#9fae95", [pal.cushionB], rnd);
    coffeeTable(room, -1.3, 0.2, 1.8, 2.5, lighten(pal.wood, 0.15), rnd);
    pendant(room, -0.5, 2.2, 0.7, pal.metal, "globe");
  };
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

type ImageJob = { file: string; width: number; height: number; scene: SceneFn; quality?: number };

function render(job: ImageJob): string {
  const svg = new Svg(job.width, job.height);
  job.scene(svg, createRandom(path.basename(job.file)));
  return svg.toString();
}

const photo = (name: string, scene: SceneFn): ImageJob => ({
  file: path.join(PHOTO_DIR, `${name}.webp`),
  width: 1200,
  height: 800,
  scene,
});

function jobs(): ImageJob[] {
  return [
    photo("exterior-georgian-terrace-1", georgianTerrace(0)),
    photo("exterior-georgian-terrace-2", georgianTerrace(1)),
    photo("exterior-georgian-terrace-3", georgianTerrace(2)),
    photo("exterior-mansion-block-1", mansionBlock(0)),
    photo("exterior-mansion-block-2", mansionBlock(1)),
    photo("exterior-mansion-block-3", mansionBlock(2)),
    photo("exterior-stucco-villa-1", stuccoVilla(0)),
    photo("exterior-stucco-villa-2", stuccoVilla(1)),
    photo("exterior-mews-house-1", mewsHouses(0)),
    photo("exterior-mews-house-2", mewsHouses(1)),
    photo("exterior-riverside-tower-1", glassTower(0)),
    photo("exterior-riverside-tower-2", glassTower(1)),
    photo("exterior-victorian-conversion-1", victorianConversion(0)),
    photo("exterior-victorian-conversion-2", victorianConversion(1)),
    photo("living-room-sage-1", livingRoom("sage", 0)),
    photo("living-room-navy-1", livingRoom("navy", 1)),
    photo("living-room-ivory-1", livingRoom("ivory", 2)),
    photo("living-room-terracotta-1", livingRoom("terracotta", 3)),
    photo("living-room-stone-1", livingRoom("stone", 0)),
    photo("living-room-sage-2", livingRoom("sage", 1)),
    photo("bedroom-ivory-1", bedroom("ivory", 0)),
    photo("bedroom-navy-1", bedroom("navy", 1)),
    photo("bedroom-sage-1", bedroom("sage", 2)),
    photo("bedroom-terracotta-1", bedroom("terracotta", 3)),
    photo("bedroom-blush-1", bedroom("blush", 0)),
    photo("kitchen-island-oak-1", kitchen("oak")),
    photo("kitchen-navy-1", kitchen("navy")),
    photo("kitchen-sage-1", kitchen("sage")),
    photo("kitchen-marble-1", kitchen("marble")),
    photo("bathroom-marble-1", bathroom("marble")),
    photo("bathroom-sage-1", bathroom("sage")),
    photo("bathroom-navy-1", bathroom("navy")),
    photo("studio-loft-1", studio(0)),
    photo("studio-compact-1", studio(1)),
    photo("dining-room-stone-1", diningRoom("stone", 0)),
    photo("dining-room-blush-1", diningRoom("blush", 1)),
    { file: path.join(PUBLIC_DIR, "hero-london.webp"), width: 2000, height: 1100, scene: heroLondon(), quality: 78 },
    { file: path.join(PUBLIC_DIR, "property-placeholder.webp"), width: 1200, height: 800, scene: placeholder() },
    {
      file: path.join(PUBLIC_DIR, "experiences/west-end-theatre-night.webp"),
      width: 1200,
      height: 800,
      scene: theatreNight(),
    },
    {
      file: path.join(PUBLIC_DIR, "experiences/private-chef-dining.webp"),
      width: 1200,
      height: 800,
      scene: privateDining(),
    },
    { file: path.join(PUBLIC_DIR, "experiences/gallery-tour.webp"), width: 1200, height: 800, scene: galleryTour() },
    {
      file: path.join(PUBLIC_DIR, "experiences/thames-evening-cruise.webp"),
      width: 1200,
      height: 800,
      scene: thamesCruise(),
    },
    { file: path.join(PUBLIC_DIR, "experiences/afternoon-tea.webp"), width: 1200, height: 800, scene: afternoonTea() },
    {
      file: path.join(PUBLIC_DIR, "experiences/museum-after-hours.webp"),
      width: 1200,
      height: 800,
      scene: museumAfterHours(),
    },
    { file: path.join(PUBLIC_DIR, "host-interior.webp"), width: 1200, height: 900, scene: hostInterior() },
  ];
}

async function main() {
  const args = process.argv.slice(2);
  const only = args.includes("--only") ? args[args.indexOf("--only") + 1] : undefined;
  const preview = args.includes("--preview") ? args[args.indexOf("--preview") + 1] : undefined;
  const selected = jobs().filter((j) => !only || path.relative(ROOT, j.file).includes(only));
  let total = 0;
  for (const job of selected) {
    const svg = Buffer.from(render(job));
    await mkdir(path.dirname(job.file), { recursive: true });
    const webp = await sharp(svg)
      .webp({ quality: job.quality ?? 75, effort: 5, smartSubsample: true })
      .toBuffer();
    await writeFile(job.file, webp);
    total += webp.length;
    if (preview) {
      await mkdir(preview, { recursive: true });
      await sharp(webp)
        .png()
        .toFile(path.join(preview, path.basename(job.file).replace(/\.webp$/, ".png")));
    }
    console.log(`${path.relative(ROOT, job.file).padEnd(60)} ${(webp.length / 1024).toFixed(1).padStart(7)} KB`);
  }
  console.log(`${selected.length} images, ${(total / 1024).toFixed(0)} KB in total`);
}

await main();
