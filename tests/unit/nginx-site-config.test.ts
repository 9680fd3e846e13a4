// The multi-instance test runs deploy/nginx.conf itself, changing only what belongs to the host: the
// instances' ports, plain HTTP on a test port instead of TLS, and the cache folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_KEEP_ALIVE_TIMEOUT_MS } from "../../lib/cluster";
import { POOL_LIMITS } from "../../lib/db/connect";
import { LIVE_STREAM_LIMITS } from "../../lib/messages/live-streams";
import { MAX_PHOTO_BYTES, MAX_PHOTO_FORM_BYTES, MULTIPART_OVERHEAD_BYTES } from "../../lib/photos/limits";
import { siteConfig } from "../helpers/nginx";

const shipped = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");

describe("deploy/nginx.conf as the multi-instance test runs it", () => {
  const site = siteConfig(shipped, { instancePorts: [41000, 41001, 41002], listenPort: 40999, dir: "/tmp/nginx-test" });

  it("balances pages and live streams over exactly the given instances, each upstream with its shipped server options", () => {
    expect(site.match(/^\s*server 127\.0\.0\.1:\d+.*;$/gm)).toEqual([
      "    server 127.0.0.1:41000 max_conns=32 max_fails=3 fail_timeout=5s;",
      "    server 127.0.0.1:41001 max_conns=32 max_fails=3 fail_timeout=5s;",
      "    server 127.0.0.1:41002 max_conns=32 max_fails=3 fail_timeout=5s;",
      "    server 127.0.0.1:41000 max_conns=512 max_fails=3 fail_timeout=5s;",
      "    server 127.0.0.1:41001 max_conns=512 max_fails=3 fail_timeout=5s;",
      "    server 127.0.0.1:41002 max_conns=512 max_fails=3 fail_timeout=5s;",
    ]);
  });

  it("listens on the test port without TLS and keeps everything else as shipped", () => {
    expect(site).toContain("listen 127.0.0.1:40999;");
    expect(site).not.toMatch(/ssl_certificate|listen 443|listen 80/);
    expect(site).toContain("proxy_cache_path /tmp/nginx-test/cache ");
    for (const directive of ["proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;", "keepalive 32;", "gzip on;", "location /_next/static/"]) {
      expect(site).toContain(directive);
    }
  });
});

describe("deploy/nginx.conf and the per-client limits", () => {
  it("hands every route the client's address in the header it tells the app to trust (TRUSTED_IP_HEADER=x-forwarded-for)", () => {
    expect(shipped).toMatch(/^#\s+TRUSTED_IP_HEADER=x-forwarded-for\b/m);
    // Set once for the server, appending the address nginx saw as the last entry, the one the app believes.
    const server = shipped.slice(shipped.indexOf("server {"));
    expect(server).toMatch(/^ {4}proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m);
    // A location with a proxy_set_header of its own would inherit none of the server's: the address would not reach it.
    const locations = server.split(/^\s*location\b/m).slice(1);
    expect(locations.length).toBeGreaterThan(0);
    for (const location of locations) expect(location).not.toMatch(/proxy_set_header/);
  });
});

/** nginx's time `value` ("4s", "500ms", "1m", "30") in ms. */
function nginxMs(value: string): number {
  const match = /^(\d+)(ms|s|m)?$/.exec(value);
  if (!match) throw new Error(`not an nginx time: ${value}`);
  return Number(match[1]) * (match[2] === "ms" ? 1 : match[2] === "m" ? 60_000 : 1_000);
}

function directive(block: string, name: string): string {
  const match = new RegExp(`^\\s*${name}\\s+([^;]+);`, "m").exec(block);
  if (!match) throw new Error(`no ${name} directive`);
  return match[1].trim();
}

describe("deploy/nginx.conf's timeouts and the app's", () => {
  const upstream = shipped.slice(shipped.indexOf("upstream fixwell_app {"), shipped.indexOf("}", shipped.indexOf("upstream fixwell_app {")));
  const server = shipped.slice(shipped.indexOf("\nserver {", shipped.indexOf("# END http-redirect")));
  const startCluster = readFileSync(path.resolve(import.meta.dirname, "../../scripts/start-cluster.ts"), "utf8");

  it("closes an idle upstream connection before the instance does, so no request is sent onto one being closed", () => {
    expect(nginxMs(directive(upstream, "keepalive_timeout"))).toBeLessThan(SERVER_KEEP_ALIVE_TIMEOUT_MS);
    // The instances really run with that keep-alive timeout.
    expect(startCluster).toMatch(/"--keepAliveTimeout", String\(SERVER_KEEP_ALIVE_TIMEOUT_MS\)/);
  });

  it("takes an instance out only after several failures, and retries idempotent requests on the other", () => {
    for (const line of upstream.match(/^\s*server .*;$/gm) ?? []) expect(Number(/max_fails=(\d+)/.exec(line)?.[1])).toBeGreaterThan(1);
    expect(directive(server, "proxy_next_upstream")).toBe("error timeout");
    // A POST is sent again only where the API makes a replay harmless.
    const replayed = [...shipped.matchAll(/location ([^{]+)\{[^}]*non_idempotent[^}]*\}/g)].map((m) => m[1].trim());
    expect(replayed).toEqual(["= /api/inputs"]);
  });

  it("waits for an answer longer than the app lets any request take, so the app answers first", () => {
    const appLimitMs = POOL_LIMITS.connectionTimeoutMillis + POOL_LIMITS.statementTimeoutMillis + 1_000;
    expect(nginxMs(directive(server, "proxy_read_timeout"))).toBeGreaterThan(appLimitMs);
  });

  it("passes the host with its port, so server actions work on any port", () => {
    expect(directive(server, "proxy_set_header Host")).toBe("$http_host");
    expect(directive(server, "proxy_set_header X-Forwarded-Host")).toBe("$http_host");
  });
});

describe("deploy/nginx.conf and the threads' live streams", () => {
  const location = /location ~ (\^\/\(nl\/\)\?api\/threads\/\(\[\^\/\]\+\/\)\?events\$) \{([^}]*)\}/.exec(shipped);
  const block = location?.[2] ?? "";
  const upstreams = [...shipped.matchAll(/^upstream (\w+) \{([^}]*)\}/gm)];

  it("passes both stream addresses on unbuffered, uncached and open past the usual read timeout, and nothing else", () => {
    expect(location).not.toBeNull();
    expect(block).toMatch(/proxy_buffering off;/);
    expect(block).toMatch(/proxy_cache off;/);
    expect(block).toMatch(/proxy_read_timeout 1h;/);
    const pattern = new RegExp(location![1]);
    for (const path of ["/api/threads/events", "/api/threads/0b7c2f9e-1d2a-4c1e-9f00-000000000000/events", "/nl/api/threads/events"]) expect(path).toMatch(pattern);
    for (const path of ["/api/threads/0b7c2f9e-1d2a-4c1e-9f00-000000000000/messages", "/api/threads/a/b/events"]) expect(path).not.toMatch(pattern);
  });

  it("sends streams to an upstream of their own, so they never take the slots the pages need", () => {
    expect(directive(block, "proxy_pass")).toBe("http://fixwell_streams");
    expect(upstreams.map((u) => u[1])).toEqual(["fixwell_app", "fixwell_streams"]);
    // The same instances, in the same order.
    const servers = (body: string) => [...body.matchAll(/^\s*server (\S+)/gm)].map((m) => m[1]);
    expect(servers(upstreams[1][2])).toEqual(servers(upstreams[0][2]));
    // Every other location proxies to the pages' upstream.
    const others = [...shipped.matchAll(/proxy_pass (\S+);/g)].map((m) => m[1]).filter((target) => target !== "http://fixwell_streams");
    expect(new Set(others)).toEqual(new Set(["http://fixwell_app"]));
  });

  it("limits streams per client address above what one account may hold on one instance, refusing with 429 and Retry-After", () => {
    const zone = /^limit_conn_zone \$binary_remote_addr zone=(\w+):\d+m;$/m.exec(shipped)?.[1];
    expect(zone).toBeDefined();
    const [name, perAddress] = directive(block, "limit_conn").split(/\s+/);
    expect(name).toBe(zone);
    expect(Number(perAddress)).toBeGreaterThan(LIVE_STREAM_LIMITS.perAccount);
    expect(directive(block, "limit_conn_status")).toBe("429");
    // A location's own error_page replaces the server's: the 503 of a full upstream still gets the JSON error.
    expect(block).toMatch(/error_page 429 = @too_many_streams;/);
    expect(block).toMatch(/error_page 502 503 504 = @unavailable;/);
    const refusal = /location @too_many_streams \{([^}]*)\}/.exec(shipped)?.[1] ?? "";
    expect(refusal).toMatch(/add_header Retry-After \d+ always;/);
    expect(refusal).toMatch(/return 429 '\{"error":\{"code":"rate_limited"/);
    expect(refusal).toMatch(/add_header X-Content-Type-Options nosniff always;/);
  });
});

describe("deploy/nginx.conf's upstreams and nginx's worker processes", () => {
  it("keeps every upstream's max_conns counts in a shared zone, so they hold for all workers together", () => {
    const upstreams = [...shipped.matchAll(/^upstream (\w+) \{([^}]*)\}/gm)];
    expect(upstreams.length).toBeGreaterThan(0);
    const zones = upstreams.map(([, name, body]) => {
      expect(body, name).toMatch(/max_conns=\d+/);
      const zone = /^\s*zone (\w+) (\d+)k;$/m.exec(body);
      expect(zone, `upstream ${name} has no zone`).not.toBeNull();
      expect(Number(zone![2])).toBeGreaterThanOrEqual(64);
      return zone![1];
    });
    expect(new Set(zones).size).toBe(zones.length);
  });
});

describe("deploy/nginx.conf and photos", () => {
  const megabytes = (block: string | undefined) => Number(block?.match(/client_max_body_size (\d+)m;/)?.[1]) * 1024 * 1024;

  it("lets one photo through to the photos API and refuses nothing the app would take", () => {
    const block = shipped.match(/location ~ \^\/api\/requests\/\[\^\/\]\+\/photos\$ \{([^}]*)\}/)?.[1];
    expect(megabytes(block)).toBeGreaterThanOrEqual(MAX_PHOTO_BYTES + MULTIPART_OVERHEAD_BYTES);
    expect(block).toMatch(/proxy_request_buffering off;/);
    expect("/api/requests/0b7c2f9e-1d2a-4c1e-9f00-000000000000/photos").toMatch(/^\/api\/requests\/[^/]+\/photos$/);
  });

  it("lets the request form and the order page post five photos without JavaScript, in both languages", () => {
    const block = shipped.match(/location ~ \^\/\(nl\/\)\?\(inputs\|dashboard\/orders\/\[\^\/\]\+\)\$ \{([^}]*)\}/)?.[1];
    expect(megabytes(block)).toBeGreaterThanOrEqual(MAX_PHOTO_FORM_BYTES);
    const pattern = /^\/(nl\/)?(inputs|dashboard\/orders\/[^/]+)$/;
    for (const path of ["/inputs", "/nl/inputs", "/dashboard/orders/0b7c2f9e-1d2a-4c1e-9f00-000000000000"]) expect(path).toMatch(pattern);
    expect("/dashboard/orders").not.toMatch(pattern);
  });
});
