// Passwords are stored as argon2id hashes with OWASP's minimum parameters and verify only themselves.
import { describe, expect, it } from "vitest";
import { ARGON2_OPTIONS, hashPassword, verifyAgainstDummy, verifyPassword } from "../../lib/auth/passwords";

describe("password hashing", () => {
  it("round-trips: the hash verifies the password and nothing else", async () => {
    const hash = await hashPassword("Quiet-harbour-lantern-42");
    expect(hash).not.toContain("Quiet-harbour-lantern-42");
    expect(await verifyPassword(hash, "Quiet-harbour-lantern-42")).toBe(true);
    expect(await verifyPassword(hash, "quiet-harbour-lantern-42")).toBe(false);
    expect(await verifyPassword(hash, "")).toBe(false);
  });

  it("uses argon2id with m=19456 KiB, t=2, p=1, written into the hash", async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hashPassword("Quiet-harbour-lantern-42");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it("salts every hash, so one password gives two different hashes", async () => {
    const [a, b] = await Promise.all([hashPassword("same-password-twice"), hashPassword("same-password-twice")]);
    expect(a).not.toBe(b);
  });

  it("handles unicode passwords", async () => {
    const hash = await hashPassword("wachtwoord-één-🔧");
    expect(await verifyPassword(hash, "wachtwoord-één-🔧")).toBe(true);
    expect(await verifyPassword(hash, "wachtwoord-een-🔧")).toBe(false);
  });

  it("answers false, not an exception, for a malformed stored hash", async () => {
    expect(await verifyPassword("not-a-hash", "whatever")).toBe(false);
  });

  it("the dummy verification for unknown emails never succeeds", async () => {
    expect(await verifyAgainstDummy("anything at all")).toBe(false);
  });
});
