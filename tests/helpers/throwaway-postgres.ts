// Starts and stops a private PostgreSQL cluster in a temporary folder, for tests that must take the
// database away while the app runs. Needs the server binaries (initdb, pg_ctl) of a local install.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

function findPgBin(): string | undefined {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync("/usr/lib/postgresql")) {
    for (const version of readdirSync("/usr/lib/postgresql").sort().reverse()) {
      candidates.push(path.join("/usr/lib/postgresql", version, "bin"));
    }
  }
  return candidates.find((dir) => existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "pg_ctl")));
}

export const pgBin = findPgBin();

const runningAsRoot = typeof process.getuid === "function" && process.getuid() === 0;

function postgresUid(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/** PostgreSQL refuses to run as root; there, the cluster runs as the `postgres` system user. */
export const canStartThrowawayPostgres = Boolean(pgBin) && (!runningAsRoot || Boolean(postgresUid()));

function run(binary: string, args: string[]) {
  const command = path.join(pgBin!, binary);
  if (runningAsRoot) execFileSync("runuser", ["-u", "postgres", "--", command, ...args], { stdio: "pipe" });
  else execFileSync(command, args, { stdio: "pipe" });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type ThrowawayPostgres = {
  url: string;
  start(): void;
  stop(): void;
  destroy(): void;
};

export async function createThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), "fixwell-pg-"));
  if (runningAsRoot) {
    const owner = postgresUid()!;
    chownSync(dir, owner.uid, owner.gid);
  }
  const data = path.join(dir, "data");
  const port = await freePort();
  run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "--no-sync"]);
  const cluster: ThrowawayPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      run("pg_ctl", ["-D", data, "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, "-w", "-l", path.join(dir, "log"), "start"]);
    },
    stop() {
      run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    },
    destroy() {
      try {
        cluster.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
