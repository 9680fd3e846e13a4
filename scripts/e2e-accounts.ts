// The accounts the browser tests sign in as, made in one process before the test server opens the
// database (scripts/e2e-server.ts): the handymen of E2E_HANDYMAN_INVITES ("23:bas@example.test,…") invited
// and the operators of E2E_OPERATORS ("ops.ada@example.test,…") created through the functions the
// commands `npm run handyman:invite` and `npm run operator:create` run (tests/integration/handyman-invite.test.ts
// and ops-core.test.ts run the commands themselves). One process rather than one command per account: each
// command opens the database anew, which on PGlite takes seconds. The mails reach MAIL_FILE_DIR once the
// server's worker starts.
import { inviteHandyman } from "../lib/handymen/invite";
import { createOperator } from "../lib/ops/operators";
import { runCliCommand } from "./cli-command";

const list = (value: string | undefined) => (value ?? "").split(",").filter(Boolean);

runCliCommand("e2e accounts", async () => {
  const lines: string[] = [];
  for (const invite of list(process.env.E2E_HANDYMAN_INVITES)) {
    const [handymanId, email] = invite.split(":");
    const invitation = await inviteHandyman(Number(handymanId), email);
    lines.push(`Invited handyman ${invitation.handymanId} as ${invitation.email}.`);
  }
  for (const email of list(process.env.E2E_OPERATORS)) {
    const invitation = await createOperator(email);
    lines.push(`Created operator ${invitation.email}.`);
  }
  return lines.join("\n");
});
