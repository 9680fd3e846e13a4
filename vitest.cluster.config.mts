// `npm run test:cluster`: two production instances of the built app behind nginx, on PostgreSQL and
// Redis (tests/multi-instance). The unit suite's settings, kept apart from `npm run test:unit`: it
// needs a build and real servers.
import { defineConfig } from "vitest/config";
import unitConfig from "./vitest.config.mts";

export default defineConfig({
  ...unitConfig,
  test: {
    ...unitConfig.test,
    include: ["tests/multi-instance/**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    fileParallelism: false,
    testTimeout: 60_000,
    // Building the app, when no build is reused, happens in the first hook.
    hookTimeout: 600_000,
  },
});
