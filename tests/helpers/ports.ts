// Free TCP ports on 127.0.0.1 for servers a test or the benchmark starts (the multi-instance test, the
// benchmark's anchors and cluster).
import net from "node:net";

/** A port nothing listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Whether `port` can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    server.on("error", () => resolve(false));
  });
}

/** The first of `count` consecutive free ports (start:cluster listens on PORT, PORT+1, …). */
export async function consecutiveFreePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort();
    let free = port + count - 1 <= 65_535;
    for (let next = port + 1; next < port + count && free; next++) free = await portIsFree(next);
    if (free) return port;
  }
  throw new Error(`found no ${count} consecutive free ports`);
}
