// npm run handyman:invite -- <handymanId> <email> — creates the account of one of the handymen (the
// handyman role, no usable password) and mails a set-password link that works once, for seven days.
// On the embedded database, run it while the web server is stopped: the database folder belongs to one
// process at a time. The mail leaves with the worker (the web server's, or `npm run worker`).
import { inviteHandyman } from "../lib/handymen/invite";
import { runCliCommand } from "./cli-command";

const [idArgument, email] = process.argv.slice(2);
const handymanId = Number(idArgument);
if (!Number.isInteger(handymanId) || handymanId <= 0 || !email) {
  console.error("usage: npm run handyman:invite -- <handymanId> <email>");
  process.exitCode = 2;
} else {
  runCliCommand("handyman:invite", async () => {
    const invitation = await inviteHandyman(handymanId, email);
    return `Invited handyman ${invitation.handymanId} as ${invitation.email}; the set-password link is queued for mailing (valid 7 days, once).`;
  });
}
