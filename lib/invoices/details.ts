// The parties' details an invoice copies: the handyman's business details (set on /pro) and the homeowner's
// name and address for one request (set on its order page until its invoice is made). Saving a handyman's
// details makes the invoices that waited for them (./mail.ts issueWaitingInvoices).
import "server-only";
import { ApiError } from "../api/errors";
import type { SessionUser } from "../auth/current-user";
import { getDb } from "../db";
import { getHandymanForUserOrThrow } from "../handymen/queries";
import type { BillingDetails, BusinessDetails } from "../validations/invoice-details";
import { issueWaitingInvoices, issueWaitingJobInvoice } from "./mail";

export type BusinessDetailsView = {
  name: string; street: string; postcode: string; city: string; kvk: string; vatId: string; kor: boolean;
  /** Whether invoices can be made in their name (everything the law asks is there). */
  complete: boolean;
};

export async function getBusinessDetails(handymanId: number): Promise<BusinessDetailsView> {
  const db = await getDb();
  const row = await db.handyman.findUniqueOrThrow({
    where: { id: handymanId },
    select: { businessName: true, businessStreet: true, businessPostcode: true, businessCity: true, kvkNumber: true, vatId: true, korScheme: true },
  });
  return {
    name: row.businessName ?? "",
    street: row.businessStreet ?? "",
    postcode: row.businessPostcode ?? "",
    city: row.businessCity ?? "",
    kvk: row.kvkNumber ?? "",
    vatId: row.vatId ?? "",
    kor: row.korScheme,
    complete: Boolean(row.businessName && row.kvkNumber && (row.vatId || row.korScheme)),
  };
}

/** Stores the signed-in handyman's business details (404 for anyone else) and makes what waited for them. */
export async function saveBusinessDetails(user: SessionUser, details: BusinessDetails): Promise<void> {
  const db = await getDb();
  const handyman = await getHandymanForUserOrThrow(user, db);
  await db.handyman.update({
    where: { id: handyman.id },
    data: {
      businessName: details.business_name,
      businessStreet: details.business_street,
      businessPostcode: details.business_postcode,
      businessCity: details.business_city,
      kvkNumber: details.kvk_number,
      vatId: details.vat_id,
      korScheme: details.kor,
    },
  });
  await issueWaitingInvoices(handyman.id);
}

/**
 * Stores the name and address the homeowner's invoice for `requestId` is made out to (asked first when they
 * accept the quote; this corrects them): 404 for another's request, 409 once its invoice is made (an invoice
 * is never changed). A confirmed job's invoice that waited for them is made now.
 */
export async function saveBillingDetails(user: SessionUser, requestId: string, details: BillingDetails): Promise<void> {
  const db = await getDb();
  await db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ user_id: string }[]>`SELECT "user_id" FROM "inputs" WHERE "input_id"::text = ${requestId} FOR UPDATE`;
    if (!row || row.user_id !== user.id) throw new ApiError("not_found", { key: "requestNotFound" });
    if (await tx.invoice.count({ where: { requestId, kind: "invoice" } })) throw new ApiError("conflict", { key: "invoice.alreadyIssued" });
    await tx.repairRequest.update({
      where: { id: requestId },
      data: { billingName: details.billing_name, billingStreet: details.billing_street, billingPostcode: details.billing_postcode },
    });
  });
  await issueWaitingJobInvoice(requestId);
}
