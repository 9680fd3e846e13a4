"use server";
// The invoice details' forms: the handyman's business details on /pro and the homeowner's name and address
// on the order page. Plain posts that work without JavaScript; a refusal answers field by field.
import { ApiError } from "../api/errors";
import { requestStep } from "../forms/action";
import type { StepFormState } from "../requests/step-form";
import { requestIdSchema } from "../requests/schemas";
import { textOf } from "../validations/form-data";
import { billingDetailsSchema, businessDetailsSchema } from "../validations/invoice-details";
import { saveBillingDetails, saveBusinessDetails } from "./details";

export async function saveBusinessDetailsAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  return requestStep(form, "business-details-saved", "/pro", async (user) => {
    const parsed = businessDetailsSchema.safeParse({
      business_name: textOf(form, "business_name"),
      business_street: textOf(form, "business_street"),
      business_postcode: textOf(form, "business_postcode"),
      business_city: textOf(form, "business_city"),
      kvk_number: textOf(form, "kvk_number"),
      vat_id: textOf(form, "vat_id"),
      kor: form.get("kor") === "on",
    });
    if (!parsed.success) throw ApiError.fromZod(parsed.error);
    await saveBusinessDetails(user, parsed.data);
  });
}

export async function saveBillingDetailsAction(_previous: StepFormState, form: FormData): Promise<StepFormState> {
  const id = textOf(form, "request_id");
  return requestStep(form, "billing-saved", `/dashboard/orders/${encodeURIComponent(id)}`, async (user) => {
    const requestId = requestIdSchema.safeParse(id);
    if (!requestId.success) throw new ApiError("not_found", { key: "requestNotFound" });
    const parsed = billingDetailsSchema.safeParse({
      billing_name: textOf(form, "billing_name"),
      billing_street: textOf(form, "billing_street"),
      billing_postcode: textOf(form, "billing_postcode"),
    });
    if (!parsed.success) throw ApiError.fromZod(parsed.error);
    await saveBillingDetails(user, requestId.data, parsed.data);
  });
}
