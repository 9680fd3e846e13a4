import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ["node_modules/**", ".next/**", ".next-*/**", "lib/generated/**", "test-results/**", "playwright-report/**", ".data/**", "next-env.d.ts", "bench/bare-next/.next/**", "bench/bare-next/next-env.d.ts"],
  },
];

export default config;
