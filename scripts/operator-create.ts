// npm run operator:create -- <email> — creates an operator account (no usable password) and mails a
// set-password link that works once, for seven days. There is no default operator.
// On the embedded database, run it while the web server is stopped: the database folder belongs to one
// process at a time. The mail leaves with the worker (the web server's, or `npm run worker`).
import { createOperator } from "../lib/ops/operators";
import { runCliCommand } from "./cli-command";

const [email, extra] = process.argv.slice(2);
if (!email || extra !== undefined) {
  console.error("usage: npm run operator:create -- <email>");
  process.exitCode = 2;
} else {
  runCliCommand("operator:create", async () => {
    const invitation = await createOperator(email);
    return `Created operator ${invitation.email}; the set-password link is queued for mailing (valid 7 days, once).`;
  });
}
