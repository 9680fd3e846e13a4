// Which process holds a TCP connection on this machine (Linux: /proc), e.g. which app instance's worker
// is the SMTP client on a given port: to kill exactly that one.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

function inodeOf(localPort: number, remotePort: number): string | undefined {
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      const local = parseInt(fields[1].split(":").at(-1)!, 16);
      const remote = parseInt(fields[2].split(":").at(-1)!, 16);
      if (local === localPort && remote === remotePort) return fields[9];
    }
  }
  return undefined;
}

function parentOf(pid: number): number | undefined {
  try {
    // "pid (name) state ppid …": the name may hold spaces, so read after its closing parenthesis.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return undefined;
  }
}

/**
 * The one of `candidates` that holds (itself or through a child process) the connection from
 * `localPort` to `remotePort`, or undefined.
 */
export function processHoldingConnection(localPort: number, remotePort: number, candidates: readonly number[]): number | undefined {
  const inode = inodeOf(localPort, remotePort);
  if (!inode) return undefined;
  const target = `socket:[${inode}]`;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    if (!fds.some((fd) => safeReadlink(`/proc/${entry}/fd/${fd}`) === target)) continue;
    for (let pid: number | undefined = Number(entry); pid && pid > 1; pid = parentOf(pid)) {
      if (candidates.includes(pid)) return pid;
    }
  }
  return undefined;
}

function safeReadlink(file: string): string | undefined {
  try {
    return readlinkSync(file);
  } catch {
    return undefined;
  }
}
