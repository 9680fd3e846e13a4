// An invoice as a PDF (pdfkit), in the invoice's language, with every field art. 35a Wet OB asks: the
// date and number, the issuer's name, address, KvK number and VAT id, the recipient's name and address
// (and KvK number and VAT id when a business), the work and its date, per VAT rate the amount excluding
// VAT, the rate and the VAT, and the total; the KOR statement instead of VAT under the small-business
// scheme; a credit note names the invoice it corrects. Fonts are the DejaVu fonts shipped in
// assets/fonts (their licence beside them): nothing is looked up or downloaded at run time.
import "server-only";
import path from "node:path";
import PDFDocument from "pdfkit";
import { formatDate, formatPrice, type Locale } from "../format";
import { getTranslator } from "../i18n/translator";
import { isLocale, DEFAULT_LOCALE } from "../../i18n/locales";
import { invoiceNumberText, type InvoiceLine, type RateAmounts } from "./amounts";

const FONTS = path.join(process.cwd(), "assets", "fonts");
const REGULAR = path.join(FONTS, "DejaVuSans.ttf");
const BOLD = path.join(FONTS, "DejaVuSans-Bold.ttf");

export type PrintableInvoice = {
  kind: "invoice" | "credit_note" | "commission";
  series: string;
  number: number;
  issuer: string;
  issuerName: string;
  issuerStreet: string;
  issuerPostcode: string;
  issuerCity: string;
  issuerKvk: string;
  issuerVatId: string | null;
  issuerKor: boolean;
  recipientName: string;
  recipientStreet: string;
  recipientPostcode: string;
  recipientCity: string;
  recipientKvk: string | null;
  recipientVatId: string | null;
  workDescription: string;
  workDate: Date;
  lines: unknown;
  rates: unknown;
  totalCents: number;
  locale: string;
  issuedAt: Date;
  credits?: { series: string; number: number; issuedAt: Date } | null;
};

const day = (date: Date) => date.toISOString().slice(0, 10);
/** The issue date as Amsterdam's calendar has it. */
const issueDay = (at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam", year: "numeric", month: "2-digit", day: "2-digit" }).format(at);

/** The invoice's PDF file name in its language: "factuur-2026-H42-0001.pdf". */
export function invoiceFileName(invoice: Pick<PrintableInvoice, "kind" | "series" | "number" | "locale">): string {
  const locale: Locale = isLocale(invoice.locale) ? invoice.locale : DEFAULT_LOCALE;
  return getTranslator(locale, "invoices")(`file.${invoice.kind}`, { number: invoiceNumberText(invoice.series, invoice.number) });
}

export async function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  const locale: Locale = isLocale(invoice.locale) ? invoice.locale : DEFAULT_LOCALE;
  const t = getTranslator(locale, "invoices");
  const euros = (cents: number) => formatPrice(cents / 100, locale);
  const number = invoiceNumberText(invoice.series, invoice.number);
  const title = invoice.kind === "credit_note" ? t("pdf.creditNote") : t("pdf.invoice");
  const doc = new PDFDocument({ size: "A4", margin: 50, font: REGULAR, info: { Title: `${title} ${number}`, Author: invoice.issuerName } });
  doc.registerFont("regular", REGULAR);
  doc.registerFont("bold", BOLD);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  doc.font("bold").fontSize(20).text(`${title} ${number}`);
  doc.moveDown(0.5).font("regular").fontSize(10);
  doc.text(`${t("pdf.number")}: ${number}`);
  doc.text(`${t("pdf.date")}: ${formatDate(issueDay(invoice.issuedAt), locale)}`);
  if (invoice.credits) doc.text(t("pdf.corrects", { number: invoiceNumberText(invoice.credits.series, invoice.credits.number), date: formatDate(issueDay(invoice.credits.issuedAt), locale) }));
  doc.moveDown();

  const party = (heading: string, name: string, street: string, postcode: string, city: string, kvk: string | null, vatId: string | null) => {
    doc.font("bold").text(heading);
    doc.font("regular").text(name);
    if (street) doc.text(street);
    doc.text([postcode, city].filter(Boolean).join(" "));
    if (kvk) doc.text(`${t("pdf.kvk")}: ${kvk}`);
    if (vatId) doc.text(`${t("pdf.vatId")}: ${vatId}`);
    doc.moveDown();
  };
  party(t("pdf.from"), invoice.issuerName, invoice.issuerStreet, invoice.issuerPostcode, invoice.issuerCity, invoice.issuerKvk, invoice.issuerVatId);
  party(t("pdf.to"), invoice.recipientName, invoice.recipientStreet, invoice.recipientPostcode, invoice.recipientCity, invoice.recipientKvk, invoice.recipientVatId);

  doc.text(`${t("pdf.work")}: ${invoice.workDescription}`);
  doc.text(`${t("pdf.workDate")}: ${formatDate(day(invoice.workDate), locale)}`);
  doc.moveDown();

  const columns = [50, 330, 440];
  const row = (cells: string[], font: "regular" | "bold" = "regular") => {
    const y = doc.y;
    doc.font(font);
    doc.text(cells[0], columns[0], y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1], columns[1], y, { width: 100 });
    doc.text(cells[2], columns[2], y, { width: 100, align: "right" });
    doc.x = columns[0];
    doc.y = Math.max(after, doc.y);
  };
  row([t("pdf.description"), t("pdf.rate"), t("pdf.amount")], "bold");
  for (const line of invoice.lines as InvoiceLine[]) {
    const label = t(`pdf.line.${line.kind}`);
    row([line.description ? `${label}: ${line.description}` : label, t("pdf.atRate", { rate: line.vatRate }), euros(line.netCents)]);
  }
  doc.moveDown();
  doc.font("bold").text(t("pdf.perRate"), columns[0]);
  row([t("pdf.rate"), t("pdf.net"), t("pdf.vat")], "bold");
  for (const rate of invoice.rates as RateAmounts[]) {
    row([t("pdf.atRate", { rate: rate.rate }), euros(rate.netCents), euros(rate.vatCents)]);
  }
  doc.moveDown();
  row([t("pdf.total"), "", euros(invoice.totalCents)], "bold");
  doc.moveDown();
  doc.font("regular");
  if (invoice.issuerKor) doc.text(t("pdf.kor"), columns[0]);
  if (invoice.issuer === "handyman") doc.text(t("pdf.onBehalf", { name: invoice.issuerName }), columns[0]);
  if (invoice.kind === "invoice") doc.text(t("pdf.paid"), columns[0]);
  doc.end();
  return done;
}
