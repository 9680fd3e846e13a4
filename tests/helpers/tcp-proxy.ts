// A TCP relay in the test process between the app and one of its servers (PostgreSQL, Redis), to play
// that server going away and coming back without touching the real one (other tests and people share
// it): `cut()` drops every open connection and refuses new ones, `restore()` accepts them again on the
// same port; `hang()` keeps the open connections but passes nothing more on them, as a connection that
// died without a word (a dropped NAT entry, a frozen server), while new ones are relayed as usual.
import net from "node:net";

export type TcpProxy = {
  readonly port: number;
  /** The server's URL with its host and port replaced by this relay's. */
  via(url: string): string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  hang(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  let port = 0;
  let server: net.Server | undefined;

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
        const pair: [net.Socket, net.Socket] = [client, upstream];
        pairs.add(pair);
        client.on("close", () => pairs.delete(pair));
        client.pipe(upstream);
        upstream.pipe(client);
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
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    restore: () => (server ? Promise.resolve() : listen()),
    close: stopListening,
  };
}
