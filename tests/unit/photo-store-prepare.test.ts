import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { LocalPhotoStore } from "../../server/services/photos/photo-store";

describe("LocalPhotoStore.prepare", () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("makes the folder and clears staging left by a crash, but not an upload still in progress", async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), "staylondon-store-")), "photos");
    const store = new LocalPhotoStore(root);
    await store.prepare();
    expect(await readdir(root)).toEqual([".staging"]);

    const staging = path.join(root, ".staging");
    await mkdir(path.join(staging, "crashed"));
    await mkdir(path.join(staging, "in-progress"));
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    await utimes(path.join(staging, "crashed"), twoHoursAgo, twoHoursAgo);

    await store.prepare();
    expect(await readdir(staging)).toEqual(["in-progress"]);
  });
});
