import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

// Test files run in parallel, at least two at a time (Vitest's default is one per core but one, which on a
// two-core machine is one): most of a file's time is spent waiting on servers, mail and timers. TEST_WORKERS
// sets the number.
const workers = Number(process.env.TEST_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React's server build; in tests every module is server code.
      "server-only": path.resolve(import.meta.dirname, "tests/helpers/server-only-stub.ts"),
    },
  },
  test: {
    environment: "node",
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts"],
    // Two servers behind nginx: `npm run test:cluster` (vitest.cluster.config.mts) runs them.
    exclude: ["**/node_modules/**", "tests/multi-instance/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    // On PGlite each file has its own in-memory database; on PostgreSQL each worker has its own copy of the
    // test database (tests/global-setup.ts), which its files reset between tests.
    fileParallelism: true,
    maxWorkers: workers,
    // Generous: two files share the two cores, and the fuzz suites run a thousand requests a property.
    testTimeout: 60_000,
    // next-intl imports next/server and next/navigation without extensions, which only a bundler
    // resolves; inlined, Vite resolves them as the app's build does.
    server: { deps: { inline: ["next-intl"] } },
    hookTimeout: 60_000,
  },
});
