// The environment, read once and validated. Imported by next.config.ts, so a bad value stops
// `next build` / `next start` with the variable's name instead of failing later at request time.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "postgresql:" || url.protocol === "postgres:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "must be a postgresql:// URL with a host, e.g. postgresql://localhost:5432/fixwell");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  PGLITE_DATA_DIR: z.string().trim().min(1).default(".data/pglite"),
  NEXTAUTH_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  ),
  NEXTAUTH_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url("must be an absolute URL").optional()),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Where sign-in and sign-up attempts are counted: this process's memory (one instance), or a table in
  // the PostgreSQL database shared by several instances.
  RATE_LIMIT_STORE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["memory", "postgres"]).default("memory")),
  // The header a trusted reverse proxy sets to the client's address (e.g. x-forwarded-for, x-real-ip).
  // Unset: client addresses are unknown and the per-address limits are off (see lib/rate-limit/client-ip.ts).
  TRUSTED_IP_HEADER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, "must be a header name such as x-forwarded-for")
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema> & { NEXTAUTH_SECRET: string };

export class EnvError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EnvError";
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join(".") || "environment"} ${issue.message}`).join("; ");
}

/** Reads a secret kept in .data/ for local use, creating one the first time. Never used in production. */
function localSecret(): string {
  const file = path.join(process.cwd(), ".data", "nextauth-secret");
  if (existsSync(file)) {
    const kept = readFileSync(file, "utf8").trim();
    if (kept.length >= 32) return kept;
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * Validates `source` (process.env by default). `requireSecret` is set where the app serves real users
 * (`next start`): there NEXTAUTH_SECRET must be given, as a generated one would change on every machine.
 */
export function parseEnv(
  source: NodeJS.ProcessEnv = process.env,
  options: { requireSecret?: boolean; generateSecret?: boolean } = {},
): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(`Invalid environment: ${describeIssues(result.error)}`);
  }
  const parsed = result.data;
  if (parsed.RATE_LIMIT_STORE === "postgres" && !parsed.DATABASE_URL) {
    throw new EnvError("Invalid environment: RATE_LIMIT_STORE=postgres needs DATABASE_URL (the embedded database is one process)");
  }
  const requireSecret = options.requireSecret ?? parsed.NODE_ENV === "production";
  if (!parsed.NEXTAUTH_SECRET && requireSecret) {
    throw new EnvError(
      "Invalid environment: NEXTAUTH_SECRET is required in production (at least 32 random characters, e.g. `openssl rand -base64 32`)",
    );
  }
  const generate = options.generateSecret ?? true;
  return { ...parsed, NEXTAUTH_SECRET: parsed.NEXTAUTH_SECRET ?? (generate ? localSecret() : "") };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
