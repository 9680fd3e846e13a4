// The rules a new password must meet: 8 to 128 characters, and not one of the most common passwords
// (lib/data/common-passwords.json, compared without regard to letter case).
import "server-only";
import commonPasswordList from "../data/common-passwords.json";
import { passwordLengthProblem } from "../validations/auth";

const commonPasswords: ReadonlySet<string> = new Set(commonPasswordList as string[]);

export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** Why `password` may not be used for a new account, or null when it may. */
export function passwordPolicyProblem(password: string): string | null {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  if (isCommonPassword(password)) {
    return "That password is one of the most common ones and easy to guess. Choose something less predictable.";
  }
  return null;
}
