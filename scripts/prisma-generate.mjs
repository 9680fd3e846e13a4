// Runs `prisma generate` without the schema-engine binary, which cannot be downloaded on closed networks:
// generation never needs it, so PRISMA_SCHEMA_ENGINE_BINARY points at a stub and the download is skipped.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? path.join(here, "schema-engine-stub.sh"),
  PRISMA_HIDE_UPDATE_MESSAGE: "1",
  CHECKPOINT_DISABLE: "1",
};
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env, cwd: path.join(here, "..") });
process.exit(result.status ?? 1);
