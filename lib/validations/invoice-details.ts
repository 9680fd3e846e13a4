// What an invoice needs to name its parties: the handyman's business details on /pro (their business
// name and address, KvK number, VAT id or the small-business scheme) and the homeowner's name and address
// on the order page. VAT ids are checked for form with jsvat (the Dutch rules); a KvK number is 8 digits
// (no library checks more than that: the KvK's own register is the only further check). Messages are
// English and registered in the `validation` catalogue (lib/validations/messages.ts).
import { checkVAT, netherlands } from "jsvat";
import { z } from "zod";
import { isPrintableLine } from "./text";

const line = (min: number, max: number, message: string) =>
  z
    .string(message)
    .trim()
    .refine((value) => isPrintableLine(value), message)
    .refine((value) => value.length >= min && value.length <= max, message);

/** A Dutch postcode, "1234 AB" whatever spacing and case was typed. */
export const postcodeSchema = z
  .string("Enter a Dutch postcode, like 1234 AB.")
  .trim()
  .transform((value) => value.toUpperCase().replace(/\s+/g, ""))
  .refine((value) => /^[1-9]\d{3}[A-Z]{2}$/.test(value) && !/^\d{4}(SA|SD|SS)$/.test(value), "Enter a Dutch postcode, like 1234 AB.")
  .transform((value) => `${value.slice(0, 4)} ${value.slice(4)}`);

/** A Dutch VAT id as written on invoices ("NL123456789B01"), spaces and dots typed in it dropped. */
export const vatIdSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase().replace(/[\s.]/g, ""))
  .refine((value) => checkVAT(value, [netherlands]).isValid, "Enter a valid Dutch VAT id, like NL123456789B01.");

export const businessDetailsSchema = z
  .object({
    business_name: line(2, 120, "Enter your business name (2 to 120 characters)."),
    business_street: line(3, 120, "Enter the street and house number of your business."),
    business_postcode: postcodeSchema,
    business_city: line(2, 80, "Enter the city of your business."),
    kvk_number: z.string("Enter your KvK number: 8 digits.").trim().refine((value) => /^\d{8}$/.test(value), "Enter your KvK number: 8 digits."),
    vat_id: z
      .string()
      .optional()
      .default("")
      .transform((value) => value.trim())
      .pipe(z.union([z.literal(""), vatIdSchema])),
    kor: z.boolean().default(false),
  })
  .transform((value, context) => {
    if (value.vat_id === "") {
      if (!value.kor) context.addIssue({ code: "custom", path: ["vat_id"], message: "Enter your VAT id, or tick the small-business scheme." });
      return { ...value, vat_id: null };
    }
    return { ...value, vat_id: value.vat_id };
  });

export type BusinessDetails = z.output<typeof businessDetailsSchema>;

export const billingDetailsSchema = z.object({
  billing_name: line(2, 120, "Enter the name the invoice is made out to."),
  billing_street: line(3, 120, "Enter the street and house number."),
  billing_postcode: postcodeSchema,
});

export type BillingDetails = z.output<typeof billingDetailsSchema>;
