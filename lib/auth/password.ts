// Password hashing: argon2id with OWASP's minimum parameters (19 MiB of memory, 2 passes, 1 lane).
// These numbers live here and nowhere else; hashes carry their own parameters, so raising them later
// keeps old hashes verifiable.
import "server-only";
import { randomBytes } from "node:crypto";
import { hash, verify, type Algorithm, type Options } from "@node-rs/argon2";

// The package declares its Algorithm enum as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm.Argon2id;

export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when `password` matches `passwordHash`; false for a wrong password or a malformed hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies `password` against a hash of random bytes, so that an unknown email costs the same work as
 * a known one with a wrong password. Always false.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
}
