import path from "node:path";
import { defineConfig } from "vitest/config";

const onPostgres = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);

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
    // On PostgreSQL the files share one database and reset it between tests, so they run one at a time;
    // on PGlite each file has its own in-memory database.
    fileParallelism: !onPostgres,
    testTimeout: 30_000,
    // next-intl imports next/server and next/navigation without extensions, which only a bundler
    // resolves; inlined, Vite resolves them as the app's build does.
    server: { deps: { inline: ["next-intl"] } },
    hookTimeout: 60_000,
  },
});
