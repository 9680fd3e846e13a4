import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // No import circle, static or through `await import()`: a module's dependencies form a tree, so a
    // layer (the queue, mail, the database) never reaches back into a feature that uses it.
    rules: {
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // The queue knows no feature: features hand it their handlers (lib/worker.ts), never the reverse.
      // The database layer, below the queue, knows no feature either (not even a type of one): features
      // hand the seed their sample rows (lib/sample-data.ts). It may use the settings, the generated
      // client and the static security headers (for its 503 page).
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./lib/queue", from: "./lib", except: ["./queue", "./db", "./env.ts", "./generated"] },
            {
              target: "./lib/db",
              from: "./lib",
              except: ["./db", "./env.ts", "./generated", "./security/headers.ts"],
              message: "lib/db is the lowest layer and knows no feature: hand it what it needs from above (lib/sample-data.ts).",
            },
          ],
        },
      ],
    },
  },
  {
    ignores: ["node_modules/**", ".next/**", ".next-*/**", "lib/generated/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts", "bench/bare-next/.next/**", "bench/bare-next/next-env.d.ts"],
  },
];

export default config;
