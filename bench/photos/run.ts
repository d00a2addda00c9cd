/**
 * Photo uploads (issue 5): real multipart POSTs of a 12-megapixel JPEG to /api/properties/{id}/photos,
 * one and two at a time, and ten simultaneous 100 MB bodies that must be refused with 413 without being
 * held in memory. The app runs in its own process so that its peak RSS (VmHWM) can be read per phase.
 * `npm run bench:photos` writes bench/results/photos.json and bench/results/photos.md.
 */
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { MAX_PHOTOS_PER_PROPERTY } from "../../common/schemas/property-form";
import { users } from "../../server/db/schema";
import { fromRoot } from "../../server/lib/project-root";
import { migratedDatabase, signInCookie, startBenchPostgres } from "../support/bench-postgres";
import { startBenchServer } from "../support/serve-process";

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 20);
const PASSWORD = "bench-passphrase-for-photos";
const PHOTO_WIDTH = 4000;
const PHOTO_HEIGHT = 3000;
const HUGE_BYTES = 100 * 1024 * 1024;
const HUGE_UPLOADS = 10;
const BOUNDARY = "----staylondon-bench-boundary";

type UploadPhase = {
  concurrency: number;
  photos: number;
  seconds: number;
  photosPerSecond: number;
  p50: number;
  p99: number;
  failures: string[];
  rssBeforeMiB: number;
  peakRssMiB: number;
};
type RefusalPhase = {
  uploads: number;
  statuses: Record<string, number>;
  message: string;
  answeredP50: number;
  answeredMax: number;
  bodySentMax: number;
  closedByServer: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const mib = (kib: number) => Math.round(kib / 1024);

/**
 * A photo-like 12-megapixel JPEG of 4–6 MB: the two-colour picture of tests/support/images.ts with
 * grain over it (a flat picture compresses to almost nothing, and the size is what the upload costs).
 */
async function makePhoto(): Promise<Buffer> {
  const half = await sharp({
    create: { width: PHOTO_WIDTH / 2, height: PHOTO_HEIGHT, channels: 3, background: { r: 180, g: 40, b: 60 } },
  })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: PHOTO_WIDTH / 2,
      height: PHOTO_HEIGHT / 2,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma: 36 },
    },
  })
    .resize(PHOTO_WIDTH, PHOTO_HEIGHT)
    .png()
    .toBuffer();
  const photo = await sharp({
    create: { width: PHOTO_WIDTH, height: PHOTO_HEIGHT, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .composite([
      { input: half, left: 0, top: 0 },
      { input: grain, blend: "overlay" },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
  if (photo.length < 4e6 || photo.length > 6.5e6) throw new Error(`the test photo is ${photo.length} bytes`);
  return photo;
}

const partHead = (filename: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** The server process's resident set now and its peak since the last reset (/proc/<pid>/status). */
function memoryOf(pid: number): { rssKiB: number; peakKiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0);
  return { rssKiB: field("VmRSS"), peakKiB: field("VmHWM") };
}

/** Starts a phase's memory watch: VmHWM reset through clear_refs, and VmRSS sampled as a second opinion. */
let peakResetWorks = true;
function watchMemory(pid: number) {
  let resetWorked = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch {
    resetWorked = false;
    peakResetWorks = false;
  }
  const before = memoryOf(pid).rssKiB;
  let sampledPeak = before;
  const timer = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryOf(pid).rssKiB);
  }, 20);
  return {
    before,
    stop: () => {
      clearInterval(timer);
      const now = memoryOf(pid);
      // Without the reset, VmHWM is the peak since start; the samples are then the phase's only measure.
      return resetWorked ? Math.max(now.peakKiB, sampledPeak) : sampledPeak;
    },
  };
}

/**
 * One request with a streamed body: `chunks` are written as the socket takes them (a client that keeps
 * sending after the answer). Answers the status, the time to the answer, the time until the whole body
 * was written (-1 if the server cut the connection first), and whether it did.
 */
async function streamedPost(
  url: URL,
  headers: Record<string, string | number>,
  chunks: AsyncIterable<Buffer>,
): Promise<{ status: number; body: string; answeredMs: number; sentMs: number; cutOff: boolean }> {
  const started = performance.now();
  let cutOff = false;
  const request = http.request(url, { method: "POST", headers, agent: false });
  const answer = new Promise<{ status: number; body: string; answeredMs: number }>((resolve, reject) => {
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (text: string) => {
        body += text;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, body, answeredMs: performance.now() - started }),
      );
    });
    request.on("error", (error) => {
      // The server may close the connection once it has answered; without an answer soon, it is a failure.
      cutOff = true;
      setTimeout(() => reject(error), 2_000);
    });
  });
  const writable = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        request.off("drain", done);
        request.off("close", done);
        resolve();
      };
      request.on("drain", done);
      request.on("close", done);
    });
  for await (const chunk of chunks) {
    if (request.destroyed) break;
    if (!request.write(chunk)) await writable();
  }
  if (!request.destroyed) await new Promise<void>((resolve) => request.end(resolve));
  const sentMs = cutOff || request.destroyed ? -1 : performance.now() - started;
  return { ...(await answer), sentMs, cutOff };
}

/** A multipart body with one file of `bytes` bytes, sent in 1 MiB chunks, pausing `pauseMs` after `pauseAfter` bytes. */
async function* hugeBody(bytes: number, pauseAfter = Number.POSITIVE_INFINITY, pauseMs = 0): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(1024 * 1024, 0xab);
  yield partHead("huge.jpg", "image/jpeg");
  for (let sent = 0; sent < bytes; sent += chunk.length) {
    if (sent === pauseAfter) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    yield chunk;
  }
  yield partTail;
}
const hugeLength = (bytes: number) => partHead("huge.jpg", "image/jpeg").length + bytes + partTail.length;

// Other work on the machine skews the figures: the load when the run began goes into the results.
const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(1))
  .join(" / ");
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-photos-");
const dataDir = path.join(dir, "data");
const uploads: UploadPhase[] = [];
let refusal: RefusalPhase | undefined;
let refusedWhilePaused:
  | { status: number; answeredMs: number; sentMs: number; pauseMs: number; answeredDuringPause: boolean }
  | undefined;
let photoBytes = 0;
let storedBytesPerPhoto = 0;
let propertiesMade = 0;
let idleRssMiB = 0;
try {
  const { url, db } = await migratedDatabase(pgServer);
  await db.insert(users).values({
    email: "landlord@bench.example",
    passwordHash: await hash(PASSWORD),
    role: "landlord",
    isApproved: true,
    emailVerified: true,
    phoneVerified: true,
    phoneNumber: "+447700900456",
  });
  const photo = await makePhoto();
  photoBytes = photo.length;
  const photoBody = Buffer.concat([partHead("bench.jpg", "image/jpeg"), photo, partTail]);

  const { port, child } = await startBenchServer(["app", "cache-on"], {
    BENCH_DATABASE_URL: url,
    BENCH_DATA_DIR: dataDir,
  });
  const pid = child.pid as number;
  const base = `http://127.0.0.1:${port}`;
  try {
    const cookie = await signInCookie(base, "landlord@bench.example", PASSWORD);

    // A property holds at most 20 photos: upload n goes to property n / 20, made when first needed.
    const made = new Map<number, Promise<number>>();
    const propertyFor = (slot: number) => {
      const index = Math.floor(slot / MAX_PHOTOS_PER_PROPERTY);
      let id = made.get(index);
      if (!id) {
        id = fetch(`${base}/api/properties`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie },
          body: JSON.stringify({
            title: `Bench flat ${index}`,
            description: "A flat that holds the photos of the upload benchmark.",
            address: `${index + 1} Bench Street, Camden, London`,
            city: "Camden",
            pricePerNight: 180,
            pricePerMonth: 4000,
            bedrooms: 2,
            bathrooms: 1,
            maxGuests: 4,
            propertyType: "flat",
            furnishingStatus: "furnished",
          }),
        }).then(async (response) => {
          if (response.status !== 201) throw new Error(`create answered ${response.status}: ${await response.text()}`);
          propertiesMade++;
          return ((await response.json()) as { id: number }).id;
        });
        made.set(index, id);
      }
      return id;
    };
    let slot = 0;
    const upload = async () => {
      const propertyId = await propertyFor(slot++);
      const started = performance.now();
      const response = await fetch(`${base}/api/properties/${propertyId}/photos`, {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}`, cookie },
        body: photoBody,
      });
      const text = await response.text();
      return {
        ok: response.status === 201,
        detail: `${response.status} ${text.slice(0, 120)}`,
        ms: performance.now() - started,
      };
    };

    // Warm-up: one upload, so the first phase does not pay for loading sharp's codecs.
    const warm = await upload();
    if (!warm.ok) throw new Error(`the warm-up upload answered ${warm.detail}`);
    const stored = readdirSync(path.join(dataDir, "photos")).find((entry) => !entry.startsWith("."));
    if (stored) {
      const folder = path.join(dataDir, "photos", stored);
      storedBytesPerPhoto = readdirSync(folder).reduce((sum, file) => sum + statSync(path.join(folder, file)).size, 0);
    }
    idleRssMiB = mib(memoryOf(pid).rssKiB);

    for (const concurrency of [1, 2]) {
      const [before] = await db
        .execute<{ n: number }>(sql`select count(*)::int as n from property_photos`)
        .then((r) => r.rows);
      const watch = watchMemory(pid);
      const latencies: number[] = [];
      const failures: string[] = [];
      const started = performance.now();
      const deadline = started + DURATION_S * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline) {
            const result = await upload();
            latencies.push(result.ms);
            if (!result.ok) failures.push(result.detail);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const peak = watch.stop();
      const [after] = await db
        .execute<{ n: number }>(sql`select count(*)::int as n from property_photos`)
        .then((r) => r.rows);
      const photos = (after?.n ?? 0) - (before?.n ?? 0);
      latencies.sort((a, b) => a - b);
      const phase = {
        concurrency,
        photos,
        seconds: Math.round(seconds * 10) / 10,
        photosPerSecond: Math.round((photos / seconds) * 100) / 100,
        p50: Math.round(percentile(latencies, 0.5)),
        p99: Math.round(percentile(latencies, 0.99)),
        failures,
        rssBeforeMiB: mib(watch.before),
        peakRssMiB: mib(peak),
      };
      console.log(phase);
      if (failures.length > 0) throw new Error(`uploads failed: ${failures.slice(0, 3).join("; ")}`);
      uploads.push(phase);
    }

    // Ten 100 MB bodies at once, each sent in full by a client that does not stop at the 413.
    const propertyId = await propertyFor(slot);
    const photosUrl = new URL(`${base}/api/properties/${propertyId}/photos`);
    const hugeHeaders = {
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      "content-length": hugeLength(HUGE_BYTES),
      cookie,
    };
    const watch = watchMemory(pid);
    const results = await Promise.all(
      Array.from({ length: HUGE_UPLOADS }, () => streamedPost(photosUrl, hugeHeaders, hugeBody(HUGE_BYTES))),
    );
    const peak = watch.stop();
    // When does the refusal come? One more 100 MB body, whose client pauses once 20 MiB are sent: an
    // answer during the pause means the app refuses at the limit, not at the end of the body.
    const pauseMs = 3_000;
    const paused = await streamedPost(photosUrl, hugeHeaders, hugeBody(HUGE_BYTES, 20 * 1024 * 1024, pauseMs));
    refusedWhilePaused = {
      status: paused.status,
      answeredMs: Math.round(paused.answeredMs),
      sentMs: Math.round(paused.sentMs),
      pauseMs,
      answeredDuringPause: paused.sentMs < 0 || paused.answeredMs < paused.sentMs - pauseMs / 2,
    };
    console.log(refusedWhilePaused);
    const statuses: Record<string, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const answered = results.map((r) => r.answeredMs).sort((a, b) => a - b);
    refusal = {
      uploads: HUGE_UPLOADS,
      statuses,
      message: results[0]?.body ?? "",
      answeredP50: Math.round(percentile(answered, 0.5)),
      answeredMax: Math.round(answered[answered.length - 1] ?? 0),
      bodySentMax: Math.round(Math.max(...results.map((r) => r.sentMs))),
      closedByServer: results.filter((r) => r.cutOff).length,
      rssBeforeMiB: mib(watch.before),
      peakRssMiB: mib(peak),
    };
    console.log(refusal);
    if (statuses["413"] !== HUGE_UPLOADS)
      throw new Error(`100 MB bodies were not all refused with 413: ${JSON.stringify(statuses)}`);
  } finally {
    child.kill("SIGTERM");
    await db.$client.end();
  }
} finally {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}`;
const photoFacts = `${PHOTO_WIDTH} × ${PHOTO_HEIGHT} JPEG of ${(photoBytes / 1e6).toFixed(1)} MB`;
writeFileSync(
  fromRoot("bench/results/photos.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtStart, photo: photoFacts, storedBytesPerPhoto, propertiesMade, idleRssMiB, peakResetWorks, uploads, refusal, refusedWhilePaused }, null, 2)}\n`,
);
const rows = uploads.map(
  (u) =>
    `| ${u.concurrency} | ${u.photos} in ${u.seconds} s | ${u.photosPerSecond} | ${u.p50} | ${u.p99} | ${u.rssBeforeMiB} | ${u.peakRssMiB} |`,
);
writeFileSync(
  fromRoot("bench/results/photos.md"),
  `# Photo upload benchmark

Machine: ${machine}. Embedded PostgreSQL 17; the app runs in its own process (bench/search/serve.ts) and
shares the machine with the load generator. Load average (1/5/15 min) at the start: ${loadAtStart}. Memory is the app process's resident set from
/proc/<pid>/status: the peak of VmRSS sampled every 20 ms${peakResetWorks ? " and VmHWM reset per phase through clear_refs" : " (VmHWM could not be reset here)"}.

The photo: a ${photoFacts}, sent as multipart/form-data to POST /api/properties/{id}/photos by a landlord
(approved, phone verified); ${propertiesMade} properties made on the way, since a property holds at most ${MAX_PHOTOS_PER_PROPERTY}.
Each upload is decoded once and stored as WebP 480/960/1600 px (${Math.round(storedBytesPerPhoto / 1024)} KiB in all).
Idle app after one warm-up upload: ${idleRssMiB} MiB.

## Uploads, ${DURATION_S} s each

| concurrent uploads | photos stored | photos/s | p50 ms | p99 ms | RSS before MiB | peak RSS MiB |
|---|---|---|---|---|---|---|
${rows.join("\n")}

## ${refusal?.uploads} simultaneous 100 MB bodies

| answers | answered p50 ms | answered max ms | whole body sent after (max) ms | connections cut by the server | RSS before MiB | peak RSS MiB |
|---|---|---|---|---|---|---|
| ${Object.entries(refusal?.statuses ?? {})
    .map(([status, n]) => `${n} × ${status}`)
    .join(
      ", ",
    )} | ${refusal?.answeredP50} | ${refusal?.answeredMax} | ${refusal?.bodySentMax} | ${refusal?.closedByServer} | ${refusal?.rssBeforeMiB} | ${refusal?.peakRssMiB} |

The answer: \`${refusal?.message}\`. Each client keeps sending its whole body after the 413; the app reads the
rest and drops it. The run stops with an error if any upload fails or any 100 MB body gets another answer.

When the refusal comes: one more 100 MB body, whose client pauses ${refusedWhilePaused?.pauseMs} ms once 20 MiB are sent, got
${refusedWhilePaused?.status} after ${refusedWhilePaused?.answeredMs} ms; the whole body was sent after ${refusedWhilePaused?.sentMs} ms. ${
    refusedWhilePaused?.answeredDuringPause
      ? "The app answers as soon as the limit is passed."
      : "The app answers only once the whole body has arrived (the parser skips the rest of the cut-off file " +
        "before the upload fails), so a slow client sends every byte before it learns of the 413; the bytes are " +
        "dropped as they arrive, not held."
  }
`,
);
