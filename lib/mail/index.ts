// Mail: everything Fixwell sends leaves through here. Build a message with a builder from ./messages,
// queue it with `enqueueMail(tx, message)` inside the transaction of the change that causes it, and
// after the commit call `nudgeMailDelivery(id)` so the worker sends it at once:
//
//   const { id } = await db.$transaction(async (tx) => {
//     const token = await issueAccountToken(tx, …);
//     return enqueueMail(tx, passwordResetMessage({ to: user.email, token, validMinutes: 30 }));
//   });
//   await nudgeMailDelivery(id);
//
// Code that collects what to do after its commit (lib/queue's AfterCommit) calls
// `queueMail(tx, after, message)` instead. The deliver-mail task (./delivery-worker.ts, run by the
// queue's worker) sends queued rows with nodemailer, retrying with backoff.
import "server-only";

export {
  composeMail,
  verifyEmailMessage,
  passwordResetMessage,
  passwordChangedMessage,
  accountDeletedMessage,
  invitationMessage,
  requestCancelledForYouMessage,
  applicationReceivedMessage,
  applicationApprovedMessage,
  applicationRejectedMessage,
  mailText,
  mailCity,
  pageLink,
  MAIL_LINK_PATHS,
  type MailMessage,
  type MailContent,
  type AccountRole,
} from "./messages";
export { siteLink } from "./links";
export { enqueueMail, forgetMailTo, type EnqueueOptions, type MailTransaction } from "./outbox";
export { nudgeMailDelivery, queueMail } from "./delivery";
export { mailTransportConfig, mailSender, describeSmtpUrl } from "./transport";
export { listDevMailbox, type DevMail } from "./dev-mailbox";
