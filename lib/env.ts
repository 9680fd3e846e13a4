// The environment, read once and validated. Imported by next.config.ts, so a bad value stops
// `next build` / `next start` with the variable's name instead of failing later at request time.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { paymentsModeOf } from "./payments/mode";

/** A URL with one of `protocols` and a host. The message never repeats the value, which may hold a password. */
function urlWith(protocols: string[], message: string) {
  return z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol) && url.hostname !== "";
      } catch {
        return false;
      }
    }, message);
}

const postgresUrl = urlWith(["postgresql:", "postgres:"], "must be a postgresql:// URL with a host, e.g. postgresql://localhost:5432/fixwell");
const redisUrl = urlWith(["redis:", "rediss:"], "must be a redis:// or rediss:// URL with a host, e.g. redis://localhost:6379");
const smtpUrl = urlWith(
  ["smtp:", "smtps:"],
  "must be an smtp:// or smtps:// URL with a host, e.g. smtp://user:password@mail.example.com:587",
);

/**
 * Where photos' bytes go (lib/photos/storage.ts): unset means PostgreSQL; `s3://bucket?endpoint=…&region=…&forcePathStyle=true`
 * means S3-compatible object storage (credentials from the AWS SDK's standard variables, never from the URL).
 */
export type StorageTarget = { kind: "postgres" } | { kind: "s3"; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean };

export function parseStorageUrl(value: string | undefined): StorageTarget | undefined {
  if (value === undefined || value.trim() === "") return { kind: "postgres" };
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== "s3:" || !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(url.hostname) || url.username || url.password) return undefined;
  if (url.pathname !== "" && url.pathname !== "/") return undefined;
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/\s]+\/?$/.test(endpoint)) return undefined;
  const forcePathStyle = url.searchParams.get("forcePathStyle");
  if (forcePathStyle !== null && forcePathStyle !== "true" && forcePathStyle !== "false") return undefined;
  return { kind: "s3", bucket: url.hostname, endpoint, region: url.searchParams.get("region") || "us-east-1", forcePathStyle: forcePathStyle === "true" };
}

const MAIL_ADDRESS = /^[^\s<>@"]+@[^\s<>@"]+$/;

/** Reads `no-reply@example.com` or `Name <no-reply@example.com>` (the name may be quoted); undefined when malformed. */
export function parseMailFrom(value: string): { name?: string; address: string } | undefined {
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(value.trim());
  const address = (named ? named[2] : value).trim();
  if (!MAIL_ADDRESS.test(address)) return undefined;
  const name = named?.[1].trim().replace(/^"(.*)"$/, "$1").trim();
  return name ? { name, address } : { address };
}

const mailFrom = z
  .string()
  .trim()
  .refine((value) => parseMailFrom(value) !== undefined, 'must be an address or "Name <address>", e.g. "Fixwell <no-reply@fixwell.nl>"');

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  // The one LISTEN connection per server (lib/db/listen.ts) needs a session of its own on the server: when
  // DATABASE_URL goes through a transaction-pooling PgBouncer, name a direct connection here.
  DATABASE_LISTEN_URL: z.preprocess((v) => (v === "" ? undefined : v), postgresUrl.optional()),
  PGLITE_DATA_DIR: z.string().trim().min(1).default(".data/pglite"),
  NEXTAUTH_SECRET: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(32, "must be at least 32 characters (e.g. `openssl rand -base64 32`)").optional(),
  ),
  NEXTAUTH_URL: z.preprocess((v) => (v === "" ? undefined : v), z.url("must be an absolute URL").optional()),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // How long a handyman has to accept or decline a request before it goes to the next one.
  HANDYMAN_RESPONSE_HOURS: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().positive("must be a number of hours above 0").max(24 * 14, "must be at most 336 (two weeks)").default(24),
  ),
  // How long a handyman waits at the door before they may report that nobody opened (lib/requests/no-show.ts).
  // 20 in production; the browser tests' server shortens it, since their clock is the real one.
  NO_SHOW_WAIT_MINUTES: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().positive("must be a number of minutes above 0").max(24 * 60, "must be at most 1440 (a day)").default(20),
  ),
  // How many new repair requests one account may make in a day (each one mails a handyman).
  REQUESTS_PER_USER_PER_DAY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int("must be a whole number").min(1, "must be at least 1").max(1_000_000, "must be at most 1000000").default(20),
  ),
  // Where sign-in and sign-up attempts are counted: this process's memory (one instance), or a store
  // shared by several instances: a table in the PostgreSQL database, or Redis (REDIS_URL).
  RATE_LIMIT_STORE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["memory", "postgres", "redis"]).default("memory")),
  // Redis shared by several instances: Next.js's cache (lib/cache) and, with RATE_LIMIT_STORE=redis, the attempt counters.
  REDIS_URL: z.preprocess((v) => (v === "" ? undefined : v), redisUrl.optional()),
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
  // Mail (lib/mail): SMTP_URL sends through a real server; MAIL_TRANSPORT=file, the default without
  // SMTP_URL, writes each message to MAIL_FILE_DIR as an .eml file instead.
  SMTP_URL: z.preprocess((v) => (v === "" ? undefined : v), smtpUrl.optional()),
  MAIL_FROM: z.preprocess((v) => (v === "" ? undefined : v), mailFrom.optional()),
  MAIL_TRANSPORT: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["smtp", "file"]).optional()),
  MAIL_FILE_DIR: z.string().trim().min(1).default(".data/mail"),
  // The background worker (lib/worker.ts) runs inside the web server unless this is `off`, for deployments
  // that run `npm run worker` as its own process (PostgreSQL only: the embedded database is one process).
  WORKER: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["on", "off"]).default("on")),
  // Whether each server remembers live sessions between requests while it hears their changes through
  // PostgreSQL's NOTIFY (lib/auth/liveness-cache.ts); `off` reads the database on every signed-in request.
  SESSION_LIVENESS_CACHE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["on", "off"]).default("on")),
  // Payments (lib/payments): Mollie's API key (test_… or live_…); unset means the local stand-in (test payments).
  MOLLIE_API_KEY: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().regex(/^(test|live)_\w{20,}$/, "must be a Mollie API key, test_… or live_…").optional(),
  ),
  // Where the provider's API is: unset means Mollie's own; the stand-in's address (http://127.0.0.1:4455/v2/) in test mode.
  MOLLIE_API_ENDPOINT: z.preprocess((v) => (v === "" ? undefined : v), urlWith(["http:", "https:"], "must be an http(s):// URL, e.g. http://127.0.0.1:4455/v2/").optional()),
  // test: payments go to the stand-in or Mollie's test mode and every page says "test payments"; live: real money.
  // Unset: live with MOLLIE_API_KEY, test without.
  PAYMENTS_MODE: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["test", "live"]).optional()),
  // How long one call to the provider may take before the caller is told to try again.
  PAYMENTS_TIMEOUT_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(100).max(60_000).default(10_000)),
  // Fixwell's commission: this percentage of a job's labour excluding VAT (lib/payments/commission.ts).
  COMMISSION_PERCENT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().min(0, "must be a percentage from 0 to 50").max(50, "must be a percentage from 0 to 50").default(10),
  ),
  // The day commission starts (YYYY-MM-DD): quotes sent before it pay none, as the join page promises.
  COMMISSION_FROM: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a day, YYYY-MM-DD").refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), "must be a real day, YYYY-MM-DD").default("2027-03-01"),
  ),
  // Fixwell's own company details, printed on its commission invoices (lib/invoices). Unset, a test
  // company's; required when payments are live (PAYMENTS_MODE=live, or a live_… key).
  FIXWELL_LEGAL_NAME: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(2).max(120).optional()),
  FIXWELL_STREET: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(2).max(120).optional()),
  FIXWELL_POSTCODE: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().regex(/^[1-9]\d{3} ?[A-Z]{2}$/i, "must be a Dutch postcode, e.g. 1012 AB").optional()),
  FIXWELL_CITY: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().min(2).max(80).optional()),
  FIXWELL_KVK: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().regex(/^\d{8}$/, "must be a KvK number, 8 digits").optional()),
  FIXWELL_VAT_ID: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().regex(/^NL\d{9}B\d{2}$/, "must be a Dutch VAT id, NL123456789B01").optional()),
  // Web push (lib/push, docs/notifications.md): the VAPID key pair that signs every push, base64url as
  // `npx web-push generate-vapid-keys` prints them, and the contact push services may write to. Unset in
  // development and tests: a pair is made at start (kept in .data/ in development). Unset in production: push is off.
  VAPID_PUBLIC_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().regex(/^[A-Za-z0-9_-]{87}$/, "must be the public key as `npx web-push generate-vapid-keys` prints it (87 base64url characters)").optional()),
  VAPID_PRIVATE_KEY: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().regex(/^[A-Za-z0-9_-]{43}$/, "must be the private key as `npx web-push generate-vapid-keys` prints it (43 base64url characters)").optional()),
  VAPID_SUBJECT: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL where the push services can reach the site's operators").optional(),
  ),
  // Test setting: push endpoints at http(s)://127.0.0.1 are accepted (a test's own push service). Never on a public site.
  PUSH_LOCAL_ENDPOINTS: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["on", "off"]).default("off")),
  // How long one push service may take to answer before the push is retried later.
  PUSH_TIMEOUT_MS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(100).max(60_000).default(10_000)),
  // Where photos' bytes go: unset, PostgreSQL; s3://bucket?endpoint=…&region=…&forcePathStyle=true, S3-compatible storage.
  STORAGE_URL: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .trim()
      .refine((value) => parseStorageUrl(value) !== undefined, "must be s3://bucket?endpoint=http://host:port&region=…&forcePathStyle=true (no credentials in it)")
      .optional(),
  ),
});

export type Env = Omit<z.infer<typeof envSchema>, "MAIL_TRANSPORT"> & { NEXTAUTH_SECRET: string; MAIL_TRANSPORT: "smtp" | "file" };

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
  if (parsed.RATE_LIMIT_STORE === "redis" && !parsed.REDIS_URL) {
    throw new EnvError("Invalid environment: RATE_LIMIT_STORE=redis needs REDIS_URL (e.g. redis://localhost:6379)");
  }
  if (parsed.WORKER === "off" && !parsed.DATABASE_URL) {
    throw new EnvError("Invalid environment: WORKER=off needs DATABASE_URL (the embedded database is one process, so the worker runs inside the server)");
  }
  if (parsed.PAYMENTS_MODE === "live" && !parsed.MOLLIE_API_KEY) {
    throw new EnvError("Invalid environment: PAYMENTS_MODE=live needs MOLLIE_API_KEY (a live_… key from Mollie's dashboard)");
  }
  const paymentsLive = paymentsModeOf(parsed) === "live";
  const missingCompany = FIXWELL_COMPANY_VARIABLES.filter((name) => !parsed[name]);
  if (paymentsLive && missingCompany.length > 0) {
    throw new EnvError(`Invalid environment: live payments need Fixwell's company details for its invoices: ${missingCompany.join(", ")}`);
  }
  if (Boolean(parsed.VAPID_PUBLIC_KEY) !== Boolean(parsed.VAPID_PRIVATE_KEY)) {
    throw new EnvError("Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (`npx web-push generate-vapid-keys` prints both)");
  }
  const mailTransport = parsed.MAIL_TRANSPORT ?? (parsed.SMTP_URL ? "smtp" : "file");
  if (mailTransport === "smtp" && !parsed.SMTP_URL) {
    throw new EnvError("Invalid environment: MAIL_TRANSPORT=smtp needs SMTP_URL (smtp://user:password@host:587 or smtps://…)");
  }
  const requireSecret = options.requireSecret ?? parsed.NODE_ENV === "production";
  if (!parsed.NEXTAUTH_SECRET && requireSecret) {
    throw new EnvError(
      "Invalid environment: NEXTAUTH_SECRET is required in production (at least 32 random characters, e.g. `openssl rand -base64 32`)",
    );
  }
  // Only `next start` asks for this explicitly; tests and scripts that merely run in production mode do not.
  if (options.requireSecret === true) assertPublicUrl(parsed.NEXTAUTH_URL);
  if (options.requireSecret === true) assertMailLeaves(parsed);
  if (options.requireSecret === true) assertPaymentsReal(parsed);
  const generate = options.generateSecret ?? true;
  return { ...parsed, MAIL_TRANSPORT: mailTransport, NEXTAUTH_SECRET: parsed.NEXTAUTH_SECRET ?? (generate ? localSecret() : "") };
}

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * `next start` serves real users: the site's URL must be https (so cookies are Secure and use the
 * __Host-/__Secure- prefixes), except on this machine's loopback address for local runs and tests.
 */
function assertPublicUrl(url: string | undefined): void {
  if (!url) {
    throw new EnvError("Invalid environment: NEXTAUTH_URL is required in production (the site's public https:// URL)");
  }
  const { protocol, hostname } = new URL(url);
  if (protocol !== "https:" && !LOOPBACK_HOSTS.has(hostname)) {
    throw new EnvError("Invalid environment: NEXTAUTH_URL must be an https:// URL in production (http is allowed only for localhost and 127.0.0.1)");
  }
}

/**
 * `next start` sends real mail: SMTP_URL and the address it comes from must be set, unless the operator
 * chose MAIL_TRANSPORT=file on purpose (a demo, a test run).
 */
function assertMailLeaves(parsed: Pick<z.infer<typeof envSchema>, "SMTP_URL" | "MAIL_FROM" | "MAIL_TRANSPORT">): void {
  if (parsed.MAIL_TRANSPORT === "file") return;
  if (!parsed.SMTP_URL) {
    throw new EnvError(
      "Invalid environment: SMTP_URL is required in production (smtp://user:password@host:587 or smtps://…); set MAIL_TRANSPORT=file to write mail to files instead",
    );
  }
  if (!parsed.MAIL_FROM) {
    throw new EnvError('Invalid environment: MAIL_FROM is required with SMTP_URL in production (e.g. "Fixwell <no-reply@fixwell.nl>")');
  }
}

/**
 * `next start` takes real payments: MOLLIE_API_KEY must be set, unless the operator chose PAYMENTS_MODE=test
 * on purpose (a demo, a test run), which runs the local stand-in beside the server and says so on every page.
 */
function assertPaymentsReal(parsed: Pick<z.infer<typeof envSchema>, "MOLLIE_API_KEY" | "PAYMENTS_MODE">): void {
  if (parsed.MOLLIE_API_KEY || parsed.PAYMENTS_MODE === "test") return;
  throw new EnvError(
    "Invalid environment: MOLLIE_API_KEY is required in production (live_… or test_…, from Mollie's dashboard); set PAYMENTS_MODE=test to take test payments with the local stand-in instead",
  );
}

/** What an operator should hear at start, for settings that are allowed but weaken a production site. */
export function productionWarnings(parsed: Pick<Env, "TRUSTED_IP_HEADER" | "VAPID_PUBLIC_KEY" | "PUSH_LOCAL_ENDPOINTS">): string[] {
  const warnings: string[] = [];
  if (!parsed.VAPID_PUBLIC_KEY) {
    warnings.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: web push is off (mail still goes). See docs/notifications.md.");
  }
  if (parsed.PUSH_LOCAL_ENDPOINTS === "on") {
    warnings.push("PUSH_LOCAL_ENDPOINTS=on: push subscriptions at http://127.0.0.1 are accepted. This is a test setting; never use it on a public site.");
  }
  if (!parsed.TRUSTED_IP_HEADER) {
    warnings.push(
      "TRUSTED_IP_HEADER is not set: per-address sign-in limits are off and only per-account limits apply. " +
        "Behind a reverse proxy, set it to the header the proxy writes the client address into (e.g. x-forwarded-for).",
    );
  }
  return warnings;
}

let cached: Env | undefined;

/** The validated environment of this process. */
const commissionSchema = envSchema.pick({ COMMISSION_PERCENT: true, COMMISSION_FROM: true });

/**
 * The commission settings alone, checked as env() checks them: the join page is rendered by `next build`,
 * which has no server secrets, so it cannot ask for the whole environment. Build with the settings the
 * site runs with.
 */
export function commissionSettings(source: Record<string, string | undefined> = process.env): Pick<Env, "COMMISSION_PERCENT" | "COMMISSION_FROM"> {
  const result = commissionSchema.safeParse(source);
  if (!result.success) throw new EnvError(`Invalid environment: ${describeIssues(result.error)}`);
  return result.data;
}

const FIXWELL_COMPANY_VARIABLES = ["FIXWELL_LEGAL_NAME", "FIXWELL_STREET", "FIXWELL_POSTCODE", "FIXWELL_CITY", "FIXWELL_KVK", "FIXWELL_VAT_ID"] as const;

export type CompanyDetails = { name: string; street: string; postcode: string; city: string; kvk: string; vatId: string };

/** The test company a site without FIXWELL_* settings invoices as (never with live payments: parseEnv refuses). */
export const TEST_COMPANY: CompanyDetails = { name: "Fixwell B.V. (test)", street: "Teststraat 1", postcode: "1011 AA", city: "Amsterdam", kvk: "00000000", vatId: "NL000000000B00" };

/** Fixwell's company details as its commission invoices print them. */
export function fixwellCompany(source: Env = env()): CompanyDetails {
  return {
    name: source.FIXWELL_LEGAL_NAME ?? TEST_COMPANY.name,
    street: source.FIXWELL_STREET ?? TEST_COMPANY.street,
    postcode: source.FIXWELL_POSTCODE?.toUpperCase() ?? TEST_COMPANY.postcode,
    city: source.FIXWELL_CITY ?? TEST_COMPANY.city,
    kvk: source.FIXWELL_KVK ?? TEST_COMPANY.kvk,
    vatId: source.FIXWELL_VAT_ID ?? TEST_COMPANY.vatId,
  };
}

export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
