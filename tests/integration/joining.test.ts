// Joining as a professional, through the application form's server action and the console's actions,
// against a real database and a real SMTP server: every refusal of the application (beside its field,
// typed values kept, never the password, nothing stored), the account and application made in one
// transaction with the verification mail, who may apply when signed in, and the vetting — approval only
// of a submitted application whose address is verified (the account becomes a handyman's with a
// profile, Monday to Friday, two jobs a day), rejection with a reason, applying again, the IBAN shown
// whole only on request; each decision audited and mailed in the applicant's language.
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { actionRequest, form, redirectOf, sendCookie } from "../helpers/server-action";
import { getDb, snapshotTables } from "../helpers/db";
import { createSignedInOperator } from "../helpers/ops";
import { amsterdamDay, createSignedInUser, sessionCookieFor, type TestUser } from "../helpers/session";
import { waitForMailTo, withMailWorker } from "../helpers/smtp";

const { applyAction, approveApplicationAction, rejectApplicationAction, showIbanAction } = await import("@/lib/handymen/applications-actions");
const { approveApplication, rejectApplication, revealIban, applyAgain, listApplications, profileSlug } = await import("@/lib/handymen/applications");
const { IDLE_STEP } = await import("@/lib/requests/step-form");

const mail = withMailWorker();

process.env.TRUSTED_IP_HEADER = "x-forwarded-for";
const PASSWORD = "Quiet-harbour-lantern-42";
const EMPTY = { values: {}, fieldErrors: {}, message: null };
const IBAN = "NL91ABNA0417164300";

beforeEach(() => {
  actionRequest.jar.clear();
  actionRequest.headers = new Headers({ "x-forwarded-for": `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
});

/** A complete, valid application as the form posts it. */
function fields(overrides: Record<string, string | string[] | null> = {}): FormData {
  const base: Record<string, string | string[] | null> = {
    name: "Anna de Vries",
    email: `anna-${randomUUID()}@example.test`,
    password: PASSWORD,
    phone: "+31 6 12345678",
    task_types: ["Pipe-leakage", "Painting"],
    cities: ["Rotterdam"],
    hourly_price: "45,50",
    kvk_number: "1234 5678",
    vat_id: "NL123456789B01",
    iban: "nl91 abna 0417 1643 00",
    intro: "Twenty years of plumbing.\r\nClean and on time.",
    insurer: "Centraal Beheer",
    insured_until: amsterdamDay(200),
    consent: "on",
    ...overrides,
  };
  const data = new FormData();
  for (const [name, value] of Object.entries(base)) {
    if (value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) data.append(name, one);
  }
  return data;
}

/** Applies without JavaScript and returns the new applicant's account. */
async function applyNew(overrides: Record<string, string | string[] | null> = {}): Promise<{ id: string; email: string }> {
  const data = fields(overrides);
  const to = await redirectOf(applyAction(EMPTY, data));
  expect(to).toBe("/pro?notice=application-sent");
  actionRequest.jar.clear();
  return (await getDb()).user.findUniqueOrThrow({ where: { email: String(data.get("email")).toLowerCase() }, select: { id: true, email: true } });
}

async function verified(user: { id: string }) {
  await (await getDb()).user.update({ where: { id: user.id }, data: { emailVerifiedAt: new Date() } });
}

async function applicationOf(user: { id: string }) {
  return (await getDb()).handymanApplication.findFirstOrThrow({ where: { userId: user.id }, orderBy: { createdAt: "desc" } });
}

const asOperator = (operator: TestUser) => ({ id: operator.id, email: operator.email, role: "operator" as const });

async function auditOf(applicationId: string) {
  return (await getDb()).auditEntry.findMany({ where: { targetType: "application", targetId: applicationId }, orderBy: { id: "asc" } });
}

describe("the application form", () => {
  it("without JavaScript: makes an applicant account and its application in one go, signs in, queues the verification and 'received' mails, leads to /pro", async () => {
    const user = await applyNew({ email: "Anna.Joins@Example.test" });
    expect(user.email).toBe("anna.joins@example.test");
    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("applicant");
    const application = await applicationOf(user);
    expect(application).toMatchObject({
      name: "Anna de Vries",
      phone: "+31 6 12345678",
      taskTypes: ["Pipe_leakage", "Painting"],
      cities: ["Rotterdam"],
      hourlyPriceCents: 4550,
      kvkNumber: "12345678",
      vatId: "NL123456789B01",
      iban: IBAN,
      intro: "Twenty years of plumbing.\nClean and on time.",
      insurer: "Centraal Beheer",
      status: "submitted",
      rejectReason: null,
    });
    expect(application.insuredUntil.toISOString().slice(0, 10)).toBe(amsterdamDay(200));
    await waitForMailTo(mail.smtp, user.email, /Confirm your email/i);
    await waitForMailTo(mail.smtp, user.email, /We received your application/);
  });

  it("in the page: answers with where to go next and sets the session cookie", async () => {
    const data = fields();
    data.set("in_page", "1");
    const state = await applyAction(EMPTY, data);
    expect(state.next).toBe("/pro?notice=application-sent");
    expect(actionRequest.jar.has("next-auth.session-token")).toBe(true);
  });

  it("takes an application without VAT id or introduction", async () => {
    const user = await applyNew({ vat_id: "", intro: "" });
    expect(await applicationOf(user)).toMatchObject({ vatId: null, intro: "" });
  });

  const LONG = "x".repeat(10_000);
  it.each<[string, Record<string, string | string[] | null>, string, RegExp]>([
    ["a KvK of 7 digits", { kvk_number: "1234567" }, "kvkNumber", /8 digits/],
    ["a KvK of 9 digits", { kvk_number: "123456789" }, "kvkNumber", /8 digits/],
    ["a KvK with letters", { kvk_number: "1234567A" }, "kvkNumber", /8 digits/],
    ["an IBAN with a wrong checksum", { iban: "NL91ABNA0417164301" }, "iban", /IBAN is not valid/],
    ["an IBAN that is not one", { iban: "hello" }, "iban", /IBAN is not valid/],
    ["a malformed VAT id", { vat_id: "NL12345678B01" }, "vatId", /Dutch VAT id/],
    ["a VAT id of another country", { vat_id: "DE123456789" }, "vatId", /Dutch VAT id/],
    ["a price of 0", { hourly_price: "0" }, "hourlyPrice", /from €10 to €500/],
    ["a price of 9.99", { hourly_price: "9.99" }, "hourlyPrice", /from €10 to €500/],
    ["a price of 500.01", { hourly_price: "500.01" }, "hourlyPrice", /from €10 to €500/],
    ["a price of abc", { hourly_price: "abc" }, "hourlyPrice", /from €10 to €500/],
    ["an insurance date in the past", { insured_until: amsterdamDay(-1) }, "insuredUntil", /after today/],
    ["an insurance date of today", { insured_until: amsterdamDay(0) }, "insuredUntil", /after today/],
    ["an insurance date that is no date", { insured_until: "2027-02-30" }, "insuredUntil", /after today/],
    ["no trade", { task_types: null }, "taskTypes", /at least one of the trades/],
    ["no city", { cities: null }, "cities", /at least one of the cities/],
    ["an unknown trade", { task_types: ["Roofing"] }, "taskTypes", /trades listed/],
    ["an unknown city", { cities: ["Utrecht"] }, "cities", /cities listed/],
    ["an introduction of 601 characters", { intro: "a".repeat(601) }, "intro", /600 characters/],
    ["no consent", { consent: null }, "consent", /accept the terms/],
    ["no name", { name: " " }, "name", /name customers will see/],
    ["a phone number that is none", { phone: "call me" }, "phone", /phone number/],
    ["no insurer", { insurer: "" }, "insurer", /liability insurer/],
    ["a name with a control character", { name: "Anna\u0000" }, "name", /control characters/],
    ["a common password", { password: "Password1" }, "password", /most common/],
    ["a malformed email", { email: "not-an-email" }, "email", /needs an @/],
    ...(["name", "phone", "hourly_price", "kvk_number", "vat_id", "iban", "intro", "insurer", "insured_until", "email", "password"] as const).map(
      (field): [string, Record<string, string>, string, RegExp] => [
        `10,000 characters in ${field}`,
        { [field]: LONG },
        { hourly_price: "hourlyPrice", kvk_number: "kvkNumber", vat_id: "vatId", insured_until: "insuredUntil" }[field as string] ?? field,
        /./,
      ],
    ),
  ])("refuses %s beside its field, keeps the typed values but never the password, stores nothing", async (_case, overrides, field, message) => {
    const before = await snapshotTables();
    const data = fields(overrides);
    const state = await applyAction(EMPTY, data);
    expect(state.fieldErrors[field], JSON.stringify(state.fieldErrors)).toMatch(message);
    // Kept as typed (up to 2,000 characters a field: the form shows them again, the server refused them anyway).
    expect(state.values.insurer).toBe(String(data.get("insurer") ?? "").slice(0, 2000));
    expect(state.values.task_types).toEqual(data.getAll("task_types"));
    expect(JSON.stringify(state)).not.toContain(PASSWORD);
    expect(await snapshotTables()).toBe(before);
    expect(actionRequest.jar.size).toBe(0);
  });

  it("refuses a second application from the same address with the way to sign in, and stores nothing", async () => {
    const first = await applyNew();
    const before = await snapshotTables();
    const state = await applyAction(EMPTY, fields({ email: first.email }));
    expect(state.message).toMatch(/already exists/);
    expect(state.fieldErrors.email).toMatch(/already exists/);
    expect(state.signInLink).toBe(true);
    expect(await snapshotTables()).toBe(before);
  });

  it("answers in Dutch on the Dutch page's messages", async () => {
    const { fieldErrorsIn } = await import("@/lib/validations/messages");
    const state = await applyAction(EMPTY, fields({ kvk_number: "1", iban: "NL00" }));
    const dutch = await fieldErrorsIn(
      Object.entries(state.fieldErrors).map(([path, message]) => ({ path, message: message! })),
      "nl",
    );
    expect(dutch.kvkNumber).toMatch(/KvK-nummer/);
    expect(dutch.iban).toMatch(/Dit IBAN klopt niet/);
  });
});

describe("applying while signed in", () => {
  it("a homeowner's account is refused (apply with another address); an operator's too; nothing is stored", async () => {
    for (const user of [await createSignedInUser(), await createSignedInOperator()]) {
      sendCookie(user.cookie);
      const before = await snapshotTables();
      const state = await applyAction(EMPTY, fields({ email: null, password: null }));
      expect(state.message).toMatch(/homeowner's|operator's account cannot apply/);
      expect(await snapshotTables()).toBe(before);
    }
  });

  it("an applicant with an application waiting cannot send another", async () => {
    const user = await applyNew();
    sendCookie(await sessionCookieFor(user));
    const state = await applyAction(EMPTY, fields({ email: null, password: null }));
    expect(state.message).toMatch(/waiting for review/);
    expect(await (await getDb()).handymanApplication.count({ where: { userId: user.id } })).toBe(1);
  });
});

describe("vetting in the console", () => {
  it("approval: the account becomes a handyman's with a profile (Monday to Friday, two jobs a day, no rating yet), audited and mailed", async () => {
    const operator = await createSignedInOperator();
    const user = await applyNew();
    const application = await applicationOf(user);

    // Not before the address is verified.
    await expect(approveApplication(asOperator(operator), application.id)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/not confirmed/) });
    expect(await auditOf(application.id)).toHaveLength(0);

    await verified(user);
    sendCookie(operator.cookie);
    const to = await redirectOf(approveApplicationAction(IDLE_STEP, form({ application_id: application.id })));
    expect(to).toBe(`/ops/applications/${application.id}?notice=application-approved`);

    const db = await getDb();
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("handyman");
    const handyman = await db.handyman.findUniqueOrThrow({ where: { userId: user.id }, include: { workDays: { orderBy: { weekday: "asc" } } } });
    expect(handyman).toMatchObject({
      name: "Anna de Vries",
      cities: ["Rotterdam"],
      taskTypes: ["Pipe_leakage", "Painting"],
      hourlyPriceCents: 4550,
      intro: "Twenty years of plumbing.\nClean and on time.",
      kvkRegistered: true,
      dailyCapacity: 2,
      rating: null,
      baseRating: null,
      available: true,
      suspended: false,
      slug: `anna-de-vries-${handyman.id}`,
    });
    expect(handyman.insuredUntil?.toISOString().slice(0, 10)).toBe(amsterdamDay(200));
    expect(handyman.workDays.map((day) => day.weekday)).toEqual([1, 2, 3, 4, 5]);
    expect(await applicationOf(user)).toMatchObject({ status: "approved", decidedBy: operator.id });

    const [entry] = await auditOf(application.id);
    expect(entry).toMatchObject({ actorId: operator.id, action: "approve_application" });
    expect(JSON.stringify(entry.after)).not.toContain(IBAN);
    expect(JSON.stringify(entry.after)).not.toContain(user.email);
    await waitForMailTo(mail.smtp, user.email, /your application is approved/);

    // The new handyman's /pro and /api/pro work now.
    const { getProViewOrThrow } = await import("@/lib/handymen/offers");
    expect((await getProViewOrThrow(user)).handyman.name).toBe("Anna de Vries");
  });

  it("a second approval, and rejecting an approved one, are refused clearly and change nothing", async () => {
    const operator = await createSignedInOperator();
    const user = await applyNew();
    await verified(user);
    const application = await applicationOf(user);
    await approveApplication(asOperator(operator), application.id);
    const before = await snapshotTables();
    await expect(approveApplication(asOperator(operator), application.id)).rejects.toMatchObject({ code: "conflict", message: "This application is approved already." });
    await expect(rejectApplication(asOperator(operator), application.id, "Too late")).rejects.toMatchObject({ code: "conflict" });
    expect(await snapshotTables()).toBe(before);
  });

  it("rejection needs a reason of at most 500 characters; it is audited and mailed with the reason, in the applicant's language", async () => {
    const operator = await createSignedInOperator();
    const user = await applyNew();
    await (await getDb()).user.update({ where: { id: user.id }, data: { locale: "nl" } });
    const application = await applicationOf(user);
    sendCookie(operator.cookie);
    const before = await snapshotTables();
    for (const [reason, message] of [
      ["", /Give the reason/],
      ["   ", /Give the reason/],
      ["r".repeat(501), /500 characters/],
    ] as const) {
      const state = await rejectApplicationAction(IDLE_STEP, form({ application_id: application.id, reason }));
      expect(state.fieldErrors.reason).toMatch(message);
    }
    expect(await snapshotTables()).toBe(before);

    const reason = "Your insurance policy does not cover plumbing work.";
    expect(await redirectOf(rejectApplicationAction(IDLE_STEP, form({ application_id: application.id, reason })))).toBe(`/ops/applications/${application.id}?notice=application-rejected`);
    expect(await applicationOf(user)).toMatchObject({ status: "rejected", rejectReason: reason, decidedBy: operator.id });
    expect((await (await getDb()).user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe("applicant");
    expect((await auditOf(application.id)).map((entry) => entry.action)).toEqual(["reject_application"]);
    const sent = await waitForMailTo(mail.smtp, user.email, /Je aanmelding bij Fixwell/);
    expect(sent.parsed.text).toContain(`De reden: ${reason}`);
    // A rejected one cannot be approved.
    await verified(user);
    await expect(approveApplication(asOperator(operator), application.id)).rejects.toMatchObject({ code: "conflict", message: expect.stringMatching(/rejected/) });
  });

  it("a rejected applicant applies again while signed in (no email or password asked), once; the new one can be approved", async () => {
    const operator = await createSignedInOperator();
    const user = await applyNew();
    await verified(user);
    const first = await applicationOf(user);
    await rejectApplication(asOperator(operator), first.id, "KvK number does not match the name.");
    sendCookie(await sessionCookieFor(user));
    const to = await redirectOf(applyAction(EMPTY, fields({ email: null, password: null, name: "Anna de Vries Installaties" })));
    expect(to).toBe("/pro?notice=application-sent");
    const second = await applicationOf(user);
    expect(second.id).not.toBe(first.id);
    expect(second).toMatchObject({ status: "submitted", name: "Anna de Vries Installaties" });
    // Not a third while the second waits (also when two posts race: the partial unique index decides).
    await expect(applyAgain(user, Object.fromEntries(fields({ email: null, password: null })))).rejects.toMatchObject({ code: "validation_failed" });
    const state = await applyAction(EMPTY, fields({ email: null, password: null }));
    expect(state.message).toMatch(/waiting for review/);
    const { handymanId } = await approveApplication(asOperator(operator), second.id);
    expect((await (await getDb()).handyman.findUniqueOrThrow({ where: { id: handymanId } })).slug).toBe(`anna-de-vries-installaties-${handymanId}`);
  });

  it("nobody decides on their own application: an operator holding one is refused", async () => {
    const user = await applyNew();
    await verified(user);
    const application = await applicationOf(user);
    await (await getDb()).user.update({ where: { id: user.id }, data: { role: "operator" } });
    const self = { id: user.id, email: user.email, role: "operator" as const };
    const before = await snapshotTables();
    await expect(approveApplication(self, application.id)).rejects.toMatchObject({ code: "forbidden" });
    await expect(rejectApplication(self, application.id, "No")).rejects.toMatchObject({ code: "forbidden" });
    expect(await snapshotTables()).toBe(before);
  });

  it("an unknown or malformed application id is 'not found'", async () => {
    const operator = await createSignedInOperator();
    for (const id of [randomUUID(), "abc", "", "' OR 1=1 --"]) {
      await expect(approveApplication(asOperator(operator), id)).rejects.toMatchObject({ code: "not_found" });
      await expect(revealIban(asOperator(operator), id)).rejects.toMatchObject({ code: "not_found" });
    }
  });

  it("a decision keeps only the IBAN's last four characters: the whole number can no longer be shown, and nothing of it is left in the database", async () => {
    const operator = await createSignedInOperator();
    const db = await getDb();
    const approvedUser = await applyNew();
    const approved = await applicationOf(approvedUser);
    await verified(approvedUser);
    await approveApplication(asOperator(operator), approved.id);
    const rejected = await applicationOf(await applyNew());
    await rejectApplication(asOperator(operator), rejected.id, "Your insurance does not cover this work.");
    for (const id of [approved.id, rejected.id]) {
      expect((await db.handymanApplication.findUniqueOrThrow({ where: { id }, select: { iban: true } })).iban).toBe("****4300");
      await expect(revealIban(asOperator(operator), id)).rejects.toMatchObject({ code: "conflict", text: { key: "application.ibanForgotten" } });
    }
    const { rows } = await listApplications(operator, "decided");
    expect(rows.filter((row) => [approved.id, rejected.id].includes(row.id)).map((row) => row.ibanLastFour)).toEqual(["4300", "4300"]);
    const [{ found }] = await db.$queryRaw<{ found: number }[]>`SELECT count(*)::int AS "found" FROM "handyman_applications" WHERE replace("iban", ' ', '') ILIKE '%ABNA0417%'`;
    expect(found).toBe(0);
  });

  it("the IBAN is shown as its last four until an operator asks for the whole number, which is audited", async () => {
    const operator = await createSignedInOperator();
    const user = await applyNew();
    const application = await applicationOf(user);
    const { rows } = await listApplications(operator, "waiting");
    expect(rows.find((row) => row.id === application.id)).toMatchObject({ ibanLastFour: "4300" });
    expect(JSON.stringify(rows)).not.toContain(IBAN);
    sendCookie(operator.cookie);
    const shown = await showIbanAction({ fieldErrors: {}, message: null }, form({ application_id: application.id }));
    expect(shown.iban).toBe(IBAN);
    const [entry] = await auditOf(application.id);
    expect(entry).toMatchObject({ actorId: operator.id, action: "view_application_iban" });
    expect(JSON.stringify([entry.before, entry.after])).not.toContain(IBAN);
  });

  it("the list has the waiting ones oldest first and the decided ones apart, paged by a keyset cursor", async () => {
    const operator = await createSignedInOperator();
    const users = [];
    for (let i = 0; i < 3; i += 1) users.push(await applyNew({ name: `Pro ${i}` }));
    await rejectApplication(asOperator(operator), (await applicationOf(users[1])).id, "Not insured for this trade.");
    const waiting = await listApplications(operator, "waiting");
    expect(waiting.rows.map((row) => row.name)).toEqual(["Pro 0", "Pro 2"]);
    expect(waiting.next).toBeNull();
    expect((await listApplications(operator, "decided")).rows.map((row) => [row.name, row.stage])).toEqual([["Pro 1", "rejected"]]);
  });

  it("applicants, homeowners and handymen cannot use the console's actions (its 404)", async () => {
    const user = await applyNew();
    await verified(user);
    const application = await applicationOf(user);
    const cookies = [await sessionCookieFor(user), (await createSignedInUser()).cookie];
    const before = await snapshotTables();
    for (const cookie of cookies) {
      sendCookie(cookie);
      for (const run of [
        () => approveApplicationAction(IDLE_STEP, form({ application_id: application.id })),
        () => rejectApplicationAction(IDLE_STEP, form({ application_id: application.id, reason: "x" })),
        () => showIbanAction({ fieldErrors: {}, message: null }, form({ application_id: application.id })),
      ]) {
        await expect(run()).rejects.toMatchObject({ message: "NEXT_NOT_FOUND" });
      }
    }
    expect(await snapshotTables()).toBe(before);
    expect((await applicationOf(user)).status).toBe("submitted");
  });
});

describe("profile addresses", () => {
  it.each([
    ["Anna de Vries", 41, "anna-de-vries-41"],
    ["Jörg Müller & Zn.", 7, "jorg-muller-zn-7"],
    ["李小龙", 9, "pro-9"],
    ["  --A--  ", 3, "a-3"],
  ])("%s (%i) → %s", (name, id, slug) => {
    expect(profileSlug(name, id)).toBe(slug);
  });
});
