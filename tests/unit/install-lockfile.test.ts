// The README and .ci/run install with `npm ci`, which takes exactly the versions of package-lock.json.
// This keeps that honest: every direct dependency is pinned to one version the lock file records, and
// the lock file is complete (every platform's optional binaries included) and in step with package.json.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

describe("installing from the lock file", () => {
  it("pins every direct dependency to one exact version that the lock file records", () => {
    const direct = { ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>;
    for (const [name, range] of Object.entries(direct)) {
      expect(range, `${name} is pinned`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(lock.packages[`node_modules/${name}`]?.version, `${name} in package-lock.json`).toBe(range);
    }
  });

  it("asks for Node 22.12 or newer, and runs on it", () => {
    expect(pkg.engines.node).toBe(">=22.12");
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(22);
  });

  it("gives `npm ci` a lock file it accepts: complete and in step with package.json", () => {
    const run = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    expect(output).not.toMatch(/Missing: \S+ from lock file|Invalid: lock file's/);
    expect(run.status, output.slice(0, 2000)).toBe(0);
  }, 150_000);
});
