// GET /api/invoices/{invoiceId} – the invoice or credit note as a PDF, for the homeowner whose job it is and
// the handyman it concerns (Fixwell's commission invoices to them too) and operators (every invoice); 404 JSON
// to anyone else, signed out included
import { z } from "zod";
import { parseParam, withErrors } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { getUserFromRequest } from "@/lib/auth/current-user";
import { getInvoiceForUserOrThrow } from "@/lib/invoices/queries";
import { invoiceFileName, renderInvoicePdf } from "@/lib/invoices/pdf";

type Params = { invoiceId: string };

export const GET = withErrors<Params>(async ({ req, params }) => {
  const invoiceId = parseParam(params.invoiceId, z.uuid(), "pageNotFound");
  // Signed out is "not found" too: an invoice's address tells a stranger nothing.
  const user = await getUserFromRequest(req);
  if (!user) throw new ApiError("not_found", { key: "pageNotFound" });
  const invoice = await getInvoiceForUserOrThrow(user, invoiceId);
  const pdf = await renderInvoicePdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${invoiceFileName(invoice)}"`,
      "Content-Length": String(pdf.length),
      // Only the browser that asked may keep it, and not on disk: never a shared cache.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
});
