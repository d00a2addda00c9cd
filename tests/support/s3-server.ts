import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../../server/config/env";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** The app's setting for this store (`config.s3`). */
  settings: S3Settings;
  /** The same as environment variables, for a server process. */
  env: Record<string, string>;
  /** Every object key in the bucket under `prefix`, sorted. */
  list: (prefix?: string) => Promise<string[]>;
  close: () => Promise<void>;
};

/** s3rver's own account: any S3 client signs with these. */
const ACCESS_KEY = "S3RVER";

/**
 * An S3-compatible server in this process (s3rver) on a free loopback port, keeping its objects in a temporary folder
 * that `close` removes. The bucket lets any origin POST, as a deploy's CORS rule lets PUBLIC_URL.
 */
export async function startS3Server(options: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = options.bucket ?? "staylondon-photos";
  const directory = await mkdtemp(path.join(tmpdir(), "staylondon-s3-"));
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
  const server = new S3rver({
    address: "127.0.0.1",
    port: options.port ?? 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [cors] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = {
    bucket,
    region: "us-east-1",
    endpoint,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    forcePathStyle: true,
  };
  const client = new S3Client({
    region: settings.region,
    endpoint,
    forcePathStyle: true,
    credentials: settings.credentials,
  });
  return {
    endpoint,
    bucket,
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    list: async (prefix = "") => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
