// The README tells operators to install with `npm install` (which follows package-lock.json) rather than
// `npm ci`. This keeps that advice honest: the lock file pins every direct dependency exactly, and the
// only thing `npm ci` objects to is other platforms' optional binaries the registry here does not carry.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** Native-binary packages published once per platform and installed only on a matching one. */
const PLATFORM_BINARY = /(darwin|win32|android|openharmony|freebsd|openbsd|sunos|aix|netbsd|wasm32|linux-(arm|ppc64|s390x|riscv64|loong64|ia32|x64-musl|arm64-musl))/;

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

  it("leaves `npm ci` nothing to object to but other platforms' optional binaries", () => {
    const run = spawnSync("npm", ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund"], {
      cwd: root,
      encoding: "utf8",
      timeout: 120_000,
    });
    const output = `${run.stdout}\n${run.stderr}`;
    if (run.status === 0) {
      throw new Error("`npm ci` accepts the lock file now: switch the README and .ci/run back to `npm ci`.");
    }
    const missing = [...output.matchAll(/Missing: (\S+)@\S* from lock file/g)].map((m) => m[1]);
    expect(missing.length, output.slice(0, 2000)).toBeGreaterThan(0);
    expect(missing.filter((name) => !PLATFORM_BINARY.test(name))).toEqual([]);
    expect(output).not.toMatch(/Invalid: lock file's/);
  }, 150_000);
});
