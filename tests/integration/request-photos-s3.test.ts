// Photos with a repair request stored in S3-compatible object storage (STORAGE_URL=s3://…), through the
// AWS SDK v3 against a real S3 server started in this process (s3rver, files in a temporary folder):
// the same tests as request-photos.test.ts, with every object in the bucket checked on deletion.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach } from "vitest";
import S3rver from "s3rver";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { freePort } from "../helpers/ports";
import { photoSuite } from "../helpers/photo-suite";

const BUCKET = "fixwell-photos";
const port = await freePort();
const endpoint = `http://127.0.0.1:${port}`;
// Read by lib/env.ts when the app first asks for its environment (after this line), and by the SDK.
process.env.STORAGE_URL = `s3://${BUCKET}?endpoint=${encodeURIComponent(endpoint)}&region=eu-west-1&forcePathStyle=true`;
process.env.AWS_ACCESS_KEY_ID = "S3RVER";
process.env.AWS_SECRET_ACCESS_KEY = "S3RVER";

const directory = mkdtempSync(path.join(tmpdir(), "fixwell-s3-"));
const server = new S3rver({ port, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET }] });
const client = new S3Client({ endpoint, region: "eu-west-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });

async function objects(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
}

beforeAll(async () => {
  await server.run();
});

afterAll(async () => {
  client.destroy();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

// Each test starts from an empty bucket, as from an empty database.
beforeEach(async () => {
  const { DeleteObjectCommand } = await import("@aws-sdk/client-s3");
  for (const key of await objects()) await client.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
});

photoSuite({ name: "S3-compatible storage", objects });
