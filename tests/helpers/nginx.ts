// nginx for the multi-instance test: deploy/nginx.conf as shipped, with only what belongs to the host
// changed (the instances' ports, a plain-HTTP listen address instead of TLS, a temporary cache folder),
// inside a minimal main configuration whose pid, logs and temporary files all live in one temporary
// folder, so it runs as root or not, beside any nginx the machine already runs.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The nginx binary: NGINX_BIN, Debian's /usr/sbin/nginx, or one on PATH; undefined when there is none. */
export function findNginx(): string | undefined {
  if (process.env.NGINX_BIN) return existsSync(process.env.NGINX_BIN) ? process.env.NGINX_BIN : undefined;
  if (existsSync("/usr/sbin/nginx")) return "/usr/sbin/nginx";
  const which = spawnSync("sh", ["-c", "command -v nginx"], { encoding: "utf8" });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

function replaceBetween(text: string, marker: string, replacement: string): string {
  const pattern = new RegExp(`[ \\t]*# BEGIN ${marker}\\n[\\s\\S]*?# END ${marker}\\n`);
  if (!pattern.test(text)) throw new Error(`deploy/nginx.conf has no "# BEGIN ${marker}" … "# END ${marker}" block`);
  return text.replace(pattern, replacement);
}

/**
 * deploy/nginx.conf for this machine: the given instance ports in every upstream's "instances" block (each
 * with the options its block gives its servers), plain HTTP on `listenPort`, caches in `dir`.
 */
export function siteConfig(template: string, { instancePorts, listenPort, dir }: { instancePorts: number[]; listenPort: number; dir: string }): string {
  const blocks = /[ \t]*# BEGIN instances\n([\s\S]*?)# END instances\n/g;
  if (!blocks.test(template)) throw new Error('deploy/nginx.conf has no "# BEGIN instances" … "# END instances" block');
  let site = template.replace(blocks, (_block, lines: string) => {
    const serverLine = /^([ \t]*)server 127\.0\.0\.1:\d+( [^;\n]*)?;$/m.exec(lines);
    if (!serverLine) throw new Error("an instances block of deploy/nginx.conf lists no `server 127.0.0.1:<port> …;` instance");
    const [, indent, options = ""] = serverLine;
    return instancePorts.map((port) => `${indent}server 127.0.0.1:${port}${options};\n`).join("");
  });
  site = replaceBetween(site, "http-redirect", "");
  site = replaceBetween(site, "listen", `    listen 127.0.0.1:${listenPort};\n`);
  const cachePath = /proxy_cache_path \S+/;
  if (!cachePath.test(site)) throw new Error("deploy/nginx.conf has no proxy_cache_path");
  return site.replace(cachePath, `proxy_cache_path ${path.join(dir, "cache")}`);
}

export type RunningNginx = { process: ChildProcess; stop(): Promise<void> };

/**
 * Runs nginx in the foreground with a minimal main configuration in `dir` (pid, logs and temporary
 * files all there) around the given `http` block lines, after `nginx -t` accepted it.
 */
export function runNginx(
  nginxBin: string,
  dir: string,
  { http, workerConnections, accessLog, workerProcesses = 1 }: { http: string[]; workerConnections: number; accessLog: boolean; workerProcesses?: number },
): RunningNginx {
  for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub), { recursive: true });
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  writeFileSync(
    path.join(dir, "nginx.conf"),
    [
      // Workers of a root master run as `nobody` unless told otherwise; they could not use this folder.
      ...(process.getuid?.() === 0 ? ["user root;"] : []),
      "daemon off;",
      `worker_processes ${workerProcesses};`,
      `pid ${path.join(dir, "nginx.pid")};`,
      `error_log ${path.join(dir, "error.log")} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      "http {",
      `  access_log ${accessLog ? path.join(dir, "access.log") : "off"};`,
      `  ${temp("client_body")} ${temp("proxy")} ${temp("fastcgi")} ${temp("uwsgi")} ${temp("scgi")}`,
      ...http.map((line) => `  ${line}`),
      "}",
      "",
    ].join("\n"),
  );
  // -e: the error log before the configuration is read (the default path may not be writable).
  const args = ["-p", dir, "-e", path.join(dir, "error.log"), "-c", path.join(dir, "nginx.conf")];
  const check = spawnSync(nginxBin, [...args, "-t"], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
  const child = spawn(nginxBin, args, { stdio: "ignore" });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    process: child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGQUIT");
      await exited;
    },
  };
}

/** deploy/nginx.conf (or `template`) for this machine, run with runNginx. */
export async function startNginx(
  nginxBin: string,
  options: { instancePorts: number[]; listenPort: number; dir: string; template?: string; workerProcesses?: number },
): Promise<RunningNginx> {
  const { dir } = options;
  const template = options.template ?? readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");
  mkdirSync(path.join(dir, "cache"), { recursive: true });
  writeFileSync(path.join(dir, "fixwell.conf"), siteConfig(template, options));
  return runNginx(nginxBin, dir, { http: [`include ${path.join(dir, "fixwell.conf")};`], workerConnections: 1024, accessLog: true, workerProcesses: options.workerProcesses });
}
