// A TCP relay in the test process between the app and one of its servers (PostgreSQL, Redis), to play
// that server going away and coming back without touching the real one (other tests and people share
// it): `cut()` drops every open connection and refuses new ones; `hang()` keeps every connection open
// and accepts new ones but passes nothing on either way (a server that stopped answering), until
// `restore()`; `freeze()` keeps the open connections but passes nothing more on them, as a connection
// that died without a word (a dropped NAT entry), while new ones are relayed as usual; `restore()` also
// accepts and relays again on the same port after a cut.
import net from "node:net";

export type TcpProxy = {
  readonly port: number;
  /** The server's URL with its host and port replaced by this relay's. */
  via(url: string): string;
  cut(): Promise<void>;
  hang(): void;
  freeze(): void;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const frozen = new WeakSet<net.Socket>();
  const open = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | undefined;
  let hung = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        open.add(client);
        client.on("close", () => open.delete(client));
        const passes = () => !hung && !frozen.has(client);
        client.on("data", (chunk) => passes() && upstream.write(chunk));
        upstream.on("data", (chunk) => passes() && client.write(chunk));
        client.on("end", () => upstream.end());
        upstream.on("end", () => client.end());
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const running = server;
      server = undefined;
      if (!running) return resolve();
      running.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    via(url) {
      const parsed = new URL(url);
      parsed.hostname = "127.0.0.1";
      parsed.port = String(port);
      return parsed.toString();
    },
    cut: stopListening,
    hang() {
      hung = true;
    },
    freeze() {
      for (const client of open) frozen.add(client);
    },
    restore() {
      hung = false;
      return server ? Promise.resolve() : listen();
    },
    close: stopListening,
  };
}
