// Property-based fuzzing of the invoices' handlers and forms: the download (GET /api/invoices/{id}) with
// generated ids as the homeowner, the handyman, another homeowner, another handyman and signed out; the
// handyman's business details and the homeowner's billing name and address with generated fields. The
// properties: never an error thrown or a 5xx; a PDF only for the invoice's own parties; a refusal is the
// form's answer and changes nothing; what is stored is what the rules allow. Fixed seed, bounded runs.
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { checkVAT, netherlands } from "jsvat";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { redirectOf, sendCookie, form as postedForm } from "../helpers/server-action";
import { getDb, resetDatabase, tablesFingerprint } from "../helpers/db";
import { hostileValues } from "../helpers/fuzz";
import { createSignedInHandyman, submitRequest, type TestHandyman } from "../helpers/marketplace";
import { apiRequest, createSignedInUser, routeContext, type TestUser } from "../helpers/session";
import * as invoiceRoute from "../../app/api/invoices/[invoiceId]/route";

const { saveBusinessDetailsAction, saveBillingDetailsAction } = await import("@/lib/invoices/actions");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const SEED = 20261129;
const RUNS = Math.min(Number(process.env.FUZZ_RUNS ?? 60), 200);

let owner: TestUser;
let stranger: TestUser;
let nina: TestHandyman;
let hidde: TestHandyman;
let requestId: string;
/** A request of the owner whose invoice is not made yet: its billing details may still change. */
let openRequestId: string;
let invoiceId: string;
let commissionId: string;

const invoiceRow = (kind: "invoice" | "commission", number: number) => ({
  id: randomUUID(),
  kind,
  series: kind === "invoice" ? "2026-H18" : "2026-FX",
  number,
  sourceKey: `fuzz:${kind}`,
  issuer: kind === "invoice" ? "handyman" : "fixwell",
  issuerName: "Nina Klus B.V.",
  issuerStreet: "Coolsingel 40",
  issuerPostcode: "3011 AD",
  issuerCity: "Rotterdam",
  issuerKvk: "12345678",
  issuerVatId: "NL000099998B57",
  recipientName: "Olga",
  recipientStreet: "Straat 1",
  recipientPostcode: "1234 AB",
  recipientCity: "Rotterdam",
  workDescription: "pipe leakage job in Rotterdam",
  workDate: new Date("2026-12-01"),
  lines: [{ kind: "labour", description: "", netCents: 10_000, vatRate: 21 }],
  rates: [{ rate: 21, netCents: 10_000, vatCents: 2_100 }],
  netCents: 10_000,
  vatCents: 2_100,
  totalCents: 12_100,
  locale: "en",
  handymanId: 18,
  requestId,
});

beforeAll(async () => {
  await resetDatabase();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  owner = await createSignedInUser("fuzz-owner@example.test");
  stranger = await createSignedInUser("fuzz-stranger@example.test");
  nina = await createSignedInHandyman(18, "fuzz-nina@example.test");
  hidde = await createSignedInHandyman(10, "fuzz-hidde@example.test");
  requestId = await submitRequest(owner, { taskType: "Pipe-leakage", city: "Rotterdam" });
  openRequestId = await submitRequest(owner, { taskType: "Painting", city: "Amsterdam" });
  const db = await getDb();
  invoiceId = (await db.invoice.create({ data: invoiceRow("invoice", 1) })).id;
  commissionId = (await db.invoice.create({ data: invoiceRow("commission", 1) })).id;
}, 60_000);

const { nastyString, pathString } = hostileValues(["NL000099998B57", "NL123456789B01", "12345678", "3011 AD", "0000 AA", "1234 SS", "\u0000", "a".repeat(200)]);

type Who = "nina" | "hidde" | "owner" | "stranger" | "signed out";
const WHO: readonly Who[] = ["nina", "hidde", "owner", "stranger", "signed out"];
const cookieOf = (who: Who) => (who === "signed out" ? null : { nina, hidde, owner, stranger }[who].cookie);

describe("invoices under generated input", () => {
  it("the download: never a 5xx; a PDF only for the invoice's parties, 404 for everything else", async () => {
    let served = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WHO), fc.oneof({ arbitrary: fc.constantFrom("invoice", "commission"), weight: 3 }, fc.uuid(), pathString), async (who, id) => {
        const target = id === "invoice" ? invoiceId : id === "commission" ? commissionId : id;
        const cookie = cookieOf(who);
        const response = await invoiceRoute.GET(apiRequest("GET", `/api/invoices/${encodeURIComponent(target)}`, cookie ? { cookie } : {}), routeContext({ invoiceId: target }));
        expect(response.status).toBeLessThan(500);
        if (response.status === 200) {
          const allowed = (id === "invoice" && (who === "owner" || who === "nina")) || (id === "commission" && who === "nina");
          expect(allowed).toBe(true);
          expect(response.headers.get("content-type")).toBe("application/pdf");
          served++;
          return;
        }
        expect(response.status).toBe(404);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect(served).toBeGreaterThan(0);
  });

  it("the business details: never throws; stored only when every field passes (VAT id per jsvat, or KOR), for a handyman only", async () => {
    const db = await getDb();
    const field = (real: string) => fc.oneof({ arbitrary: fc.constant(real), weight: 3 }, nastyString);
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: fc.constant<Who>("nina"), weight: 3 }, fc.constantFrom(...WHO)),
        fc.record({
          business_name: field("Nina Klus B.V."),
          business_street: field("Coolsingel 40"),
          business_postcode: field("3011 AD"),
          business_city: field("Rotterdam"),
          kvk_number: field("12345678"),
          vat_id: fc.oneof(field("NL000099998B57"), fc.constant("")),
        }),
        fc.boolean(),
        async (who, fields, kor) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          let answer: { message: string | null; next?: string } | undefined;
          // Signed out, the runner sends the browser away (a redirect), nothing else.
          const away = await redirectOf(saveBusinessDetailsAction(IDLE_STEP, postedForm({ ...fields, ...(kor ? { kor: "on" } : {}), in_page: "1" })).then((state) => void (answer = state)));
          if (away) expect(who).toBe("signed out");
          if (answer?.next) {
            saved++;
            expect(["nina", "hidde"]).toContain(who);
            const stored = await db.handyman.findUniqueOrThrow({ where: { id: who === "nina" ? 18 : 10 } });
            expect(stored.kvkNumber).toMatch(/^\d{8}$/);
            expect(stored.businessPostcode).toMatch(/^[1-9]\d{3} [A-Z]{2}$/);
            if (stored.vatId) expect(checkVAT(stored.vatId, [netherlands]).isValid).toBe(true);
            else expect(stored.korScheme).toBe(true);
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(saved).toBeGreaterThan(0);
  });

  it("the billing name and address: never throws; only the homeowner sets them on their own request before its invoice is made; a refusal changes nothing", async () => {
    const db = await getDb();
    const field = (real: string) => fc.oneof({ arbitrary: fc.constant(real), weight: 3 }, nastyString);
    let saved = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: fc.constant<Who>("owner"), weight: 3 }, fc.constantFrom(...WHO)),
        fc.oneof({ arbitrary: fc.constant(openRequestId), weight: 3 }, fc.constant(requestId), fc.uuid(), nastyString),
        fc.record({ billing_name: field("Olga Owner"), billing_street: field("Straat 1"), billing_postcode: field("1234 ab") }),
        async (who, id, fields) => {
          sendCookie(cookieOf(who));
          const before = await tablesFingerprint();
          let answer: { message: string | null; next?: string } | undefined;
          const away = await redirectOf(saveBillingDetailsAction(IDLE_STEP, postedForm({ ...fields, request_id: id, in_page: "1" })).then((state) => void (answer = state)));
          if (away) expect(who).toBe("signed out");
          if (answer?.next) {
            saved++;
            expect(who).toBe("owner");
            // The request whose invoice is made keeps what it had (409).
            expect(id).toBe(openRequestId);
            expect((await db.repairRequest.findUniqueOrThrow({ where: { id: openRequestId } })).billingPostcode).toMatch(/^[1-9]\d{3} [A-Z]{2}$/);
            return;
          }
          expect(await tablesFingerprint()).toBe(before);
        },
      ),
      { seed: SEED, numRuns: RUNS },
    );
    expect(saved).toBeGreaterThan(0);
  });
});
