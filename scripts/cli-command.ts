// What the account-making commands (handyman:invite, operator:create) share: the sample rows on a new
// embedded database (as the web server fills them on first open), the answer on one line, an ApiError's
// message (and its issues) as a plain refusal with exit code 1, any other failure described without a
// stack, and the database connection closed whatever happened.
import { getConnection } from "../lib/db";
import { describeDatabaseError } from "../lib/db/errors";
import { ApiError } from "../lib/api/errors";
import { seedOnFirstOpen } from "../lib/sample-data";

/** Runs `command` (which returns the line to print) as the process's work and sets its exit code. */
export function runCliCommand(name: string, command: () => Promise<string>): void {
  seedOnFirstOpen();
  const run = async (): Promise<number> => {
    try {
      console.log(await command());
      return 0;
    } catch (error) {
      if (error instanceof ApiError) {
        console.error(`${name}: ${error.message}${error.issues ? ` ${error.issues.map((i) => i.message).join(" ")}` : ""}`);
        return 1;
      }
      console.error(`${name} failed: ${describeDatabaseError(error)}`);
      return 1;
    } finally {
      await (await getConnection().catch(() => undefined))?.close().catch(() => {});
    }
  };
  void run().then((code) => {
    process.exitCode = code;
  });
}
