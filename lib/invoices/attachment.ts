// The invoice a queued mail carries (mail_outbox.invoice_id), rendered when the mail is sent: the PDF is
// kept neither in the outbox row nor behind a link.
import "server-only";
import { getDb } from "../db";
import type { MailAttachment } from "../mail/transport";
import { invoiceFileName, renderInvoicePdf } from "./pdf";
import { printableInvoice } from "./queries";

export async function invoiceAttachments(invoiceId: string): Promise<MailAttachment[]> {
  const db = await getDb();
  const invoice = await printableInvoice(db, invoiceId);
  if (!invoice) return [];
  return [{ filename: invoiceFileName(invoice), content: await renderInvoicePdf(invoice), contentType: "application/pdf" }];
}
