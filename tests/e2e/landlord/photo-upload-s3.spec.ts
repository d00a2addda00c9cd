import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { makeImage } from "../../support/images";
import { type LocalS3, startS3Server } from "../../support/s3-server";
import { exited, freePort, startServerProcess } from "../../support/server-process";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, toast } from "../support/accounts";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * With photos in an S3-compatible store, the browser sends a device photo straight to the store (its CSP and the
 * bucket's CORS rule both have to allow it) with a progress bar, and the app serves the re-encoded photo. The run's
 * own server keeps photos on disk, so this file starts a second app with S3 settings and a local store (s3rver).
 */

test.describe.configure({ mode: "serial" });

let s3: LocalS3;
let app: { child: ChildProcess; port: number };
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  s3 = await startS3Server();
  dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-e2e-s3-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await startServerProcess(
    {
      ...s3.env,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "true",
      RATE_LIMIT_FACTOR: "100",
      // Links, the CSP and the same-origin check follow the origin the browser uses.
      PUBLIC_URL: origin,
      LOG_LEVEL: "warn",
    },
    { port },
  );
});

test.afterAll(async () => {
  if (app) {
    app.child.kill("SIGTERM");
    await exited(app.child);
  }
  await s3?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("a landlord's device photo goes straight to the photo store, with progress, and shows on the listing", async ({
  page,
}) => {
  const login = await page.request.post(`${origin}/api/auth/login`, {
    data: { email: DEMO_ACCOUNTS.landlord, password: DEMO_PASSWORD },
  });
  expect(login.status(), await login.text()).toBe(200);
  const property = await createListingThroughApi(
    page.request,
    {
      title: `Store upload ${randomUUID().slice(0, 6)}`,
      description: "A calm one-bedroom flat made by the photo store browser test.",
    },
    origin,
  );

  await page.goto(`${origin}/properties/${property.id}/manage?section=photos`);
  await expect(page.getByText("No photos yet")).toBeVisible();

  // A slow connection, so the bar is on screen long enough to be seen.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 20,
    downloadThroughput: 5_000_000,
    uploadThroughput: 400_000,
  });
  const stored: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().startsWith(s3.endpoint)) stored.push(request.url());
  });
  const photo = await makeImage("png", { width: 1400, height: 900 });
  await page.locator('input[type="file"]').setInputFiles({ name: "garden.png", mimeType: "image/png", buffer: photo });

  const bar = page.getByRole("progressbar", { name: "Uploading photos" });
  await expect(bar).toBeVisible();
  await expect(page.getByText(/Uploading garden\.png|Checking garden\.png/)).toBeVisible();
  await expect(toast(page, "Photo uploaded")).toBeVisible({ timeout: 30_000 });
  await expect(bar).toBeHidden();
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The file went to the store, not through the app; the app serves what it made of it.
  expect(stored).toHaveLength(1);
  const image = page.getByRole("list", { name: "Photos in display order" }).getByRole("img");
  await expect(image).toHaveCount(1);
  const src = (await image.getAttribute("src")) ?? "";
  expect(src).toMatch(/^\/media\/photos\/[0-9a-f]{32}\/1600\.webp$/);
  const key = src.split("/")[3];
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await s3.list(`photos/${key}/`)).toHaveLength(3);
  expect(await s3.list("uploads/")).toEqual([]);
});
