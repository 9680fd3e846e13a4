// The multi-instance test runs deploy/nginx.conf itself, changing only what belongs to the host: the
// instances' ports, plain HTTP on a test port instead of TLS, and the cache folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { siteConfig } from "../helpers/nginx";

const shipped = readFileSync(path.resolve(import.meta.dirname, "../../deploy/nginx.conf"), "utf8");

describe("deploy/nginx.conf as the multi-instance test runs it", () => {
  const site = siteConfig(shipped, { instancePorts: [41000, 41001, 41002], listenPort: 40999, dir: "/tmp/nginx-test" });

  it("balances over exactly the given instances, with the shipped server options", () => {
    expect(site.match(/^\s*server 127\.0\.0\.1:\d+.*;$/gm)).toEqual([
      "    server 127.0.0.1:41000 max_fails=1 fail_timeout=5s;",
      "    server 127.0.0.1:41001 max_fails=1 fail_timeout=5s;",
      "    server 127.0.0.1:41002 max_fails=1 fail_timeout=5s;",
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
