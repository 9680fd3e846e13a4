// What the app does to the embedded database when it first opens it (lib/db/index.ts), after the
// migrations: fill the sample rows. lib/db knows no feature, so the task is handed in from above
// (lib/sample-data.ts) by whatever starts the process: instrumentation.ts in the web server, the
// command-line scripts, the tests' setup. Kept on globalThis: Next.js loads instrumentation.ts and the
// pages as separate bundles, each with its own copy of this module, and the connection is shared the same way.
import type { SqlClient } from "./sql-client";

export type FirstOpenTask = (sql: SqlClient) => Promise<unknown>;

const store = globalThis as unknown as { __fixwellFirstOpen?: FirstOpenTask; __fixwellInMemoryImage?: () => Blob | undefined };

/** Sets what runs on an embedded database when this process first opens it. */
export function setFirstOpenTask(task: FirstOpenTask): void {
  store.__fixwellFirstOpen = task;
}

/** What runs on an embedded database when this process first opens it; nothing unless one was set. */
export function firstOpenTask(): FirstOpenTask | undefined {
  return store.__fixwellFirstOpen;
}

/**
 * Has an in-memory embedded database (PGLITE_DATA_DIR=memory://) that this process opens start from the
 * image `load` answers (see ConnectOptions.pgliteImage) rather than from an empty one; the migrations and
 * the first-open task still run on it, and change nothing when the image has them already. The tests' setup
 * hands in one image, migrated and seeded once per run, so no test file pays for initdb and every migration.
 */
export function setInMemoryImage(load: () => Blob | undefined): void {
  store.__fixwellInMemoryImage = load;
}

/** The image an in-memory embedded database starts from, if one was handed in. */
export function inMemoryImage(): Blob | undefined {
  return store.__fixwellInMemoryImage?.();
}
