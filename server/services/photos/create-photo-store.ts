import path from "node:path";
import type { AppConfig } from "../../config/env";
import { LocalPhotoStore, type PhotoStore } from "./photo-store";
import { S3PhotoStore } from "./s3-photo-store";

/** The bucket when S3_BUCKET is set, else DATA_DIR/photos. */
export async function createPhotoStore(config: Pick<AppConfig, "dataDir" | "s3">): Promise<PhotoStore> {
  return config.s3 ? S3PhotoStore.create(config.s3) : new LocalPhotoStore(path.join(config.dataDir, "photos"));
}
