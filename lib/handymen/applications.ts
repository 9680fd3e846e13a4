// Applications to join as a professional, and their vetting. An application is made by someone without
// an account (the sign-up's rules, limits and verification mail: lib/auth/sign-in.ts's registerUser,
// with the account made an `applicant` and the application added in its transaction) or by a signed-in
// applicant whose last application was rejected. One waits per account at a time (a partial unique
// index). An operator approves a submitted application whose address is verified — in one transaction
// the account becomes a handyman's with a profile (Monday to Friday, two jobs a day) — or rejects it
// with a reason; both are audited (lib/ops/audit.ts) and mailed to the applicant in their language.
// Nobody decides on their own application. The IBAN is shown to operators as its last four characters;
// the whole number only on request, audited, and only while the application waits: a decision keeps its
// last four characters alone (payouts go to the account a handyman connects with the payment provider,
// so Fixwell needs no IBAN of its own to pay anyone).
import "server-only";
import { z } from "zod";
import type { Prisma, PrismaClient } from "../generated/prisma/client";
import type { ApplicationStatus } from "../generated/prisma/enums";
import { ApiError } from "../api/errors";
import { roleOf, type SessionUser } from "../auth/current-user";
import { registerUser } from "../auth/sign-in";
import { getDb } from "../db";
import { isUniqueViolation } from "../db/errors";
import type { Locale } from "../../i18n/locales";
import { applicationApprovedMessage, applicationReceivedMessage, applicationRejectedMessage, enqueueMail, nudgeMailDelivery } from "../mail";
import type { Operator } from "../ops/access";
import { recordAudit } from "../ops/audit";
import { fromDbCity, fromDbTaskType, toDbCity, toDbTaskType, type City, type TaskType } from "../requests/catalogue";
import { badCursor, decodeCursor, readPage, type Cursor, type CursorScope, type Page } from "../paging/cursor";
import { timeKey } from "../paging/keyset";
import { toCents } from "../validations/hourly-price";
import { freeTextSchema } from "../validations/text";
import { applicationSchema, applicationWithAccountSchema, type ApplicationInput } from "./applications-schema";
import { revalidateListedProfiles } from "../cache";

type Db = PrismaClient | Prisma.TransactionClient;

/** Where an application stands for the applicant: the address to verify, the review, the decision. */
export type ApplicationStage = "verify_address" | "in_review" | "approved" | "rejected";

export type ApplicationView = {
  id: string;
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string;
  phone: string;
  taskTypes: TaskType[];
  cities: City[];
  /** Euros per hour, VAT included. */
  hourlyPrice: number;
  kvkNumber: string;
  vatId: string | null;
  /** The IBAN's last four characters; the whole number only through revealIban. */
  ibanLastFour: string;
  intro: string;
  insurer: string;
  /** YYYY-MM-DD. */
  insuredUntil: string;
  status: ApplicationStatus;
  stage: ApplicationStage;
  rejectReason: string | null;
  decidedAt: Date | null;
  createdAt: Date;
};

const viewColumns = {
  id: true,
  userId: true,
  name: true,
  phone: true,
  taskTypes: true,
  cities: true,
  hourlyPriceCents: true,
  kvkNumber: true,
  vatId: true,
  iban: true,
  intro: true,
  insurer: true,
  insuredUntil: true,
  status: true,
  rejectReason: true,
  decidedAt: true,
  createdAt: true,
  user: { select: { email: true, emailVerifiedAt: true } },
} as const satisfies Prisma.HandymanApplicationSelect;

type ViewRow = Prisma.HandymanApplicationGetPayload<{ select: typeof viewColumns }>;

function stageOf(status: ApplicationStatus, emailVerified: boolean): ApplicationStage {
  if (status === "approved") return "approved";
  if (status === "rejected") return "rejected";
  return emailVerified ? "in_review" : "verify_address";
}

function toView(row: ViewRow): ApplicationView {
  const emailVerified = row.user.emailVerifiedAt !== null;
  return {
    id: row.id,
    userId: row.userId,
    email: row.user.email,
    emailVerified,
    name: row.name,
    phone: row.phone,
    taskTypes: row.taskTypes.map(fromDbTaskType),
    cities: row.cities.map(fromDbCity),
    hourlyPrice: row.hourlyPriceCents / 100,
    kvkNumber: row.kvkNumber,
    vatId: row.vatId,
    ibanLastFour: row.iban.slice(-4),
    intro: row.intro,
    insurer: row.insurer,
    insuredUntil: row.insuredUntil.toISOString().slice(0, 10),
    status: row.status,
    stage: stageOf(row.status, emailVerified),
    rejectReason: row.rejectReason,
    decidedAt: row.decidedAt,
    createdAt: row.createdAt,
  };
}

/** The application's row data from validated input. */
function applicationData(input: ApplicationInput) {
  return {
    name: input.name,
    phone: input.phone,
    taskTypes: input.taskTypes.map(toDbTaskType),
    cities: input.cities.map(toDbCity),
    hourlyPriceCents: toCents(input.hourlyPrice),
    kvkNumber: input.kvkNumber,
    vatId: input.vatId,
    iban: input.iban,
    intro: input.intro,
    insurer: input.insurer,
    insuredUntil: new Date(`${input.insuredUntil}T00:00:00.000Z`),
  };
}

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ApiError.fromZod(parsed.error, "Please fix the fields marked below.");
  return parsed.data;
}

/** The one waiting application refused twice (two posts at the same moment): the partial unique index decides. */
function alreadyWaiting(): ApiError {
  return new ApiError("conflict", { key: "application.alreadyWaiting" });
}

export type SubmittedApplication = { applicationId: string; user: { id: string; email: string } };

/**
 * An application with a new account: the sign-up's checks and limits (registerUser), the account made an
 * applicant, the application and the "received" mail in the account's transaction beside the
 * verification mail. An address already in use is the sign-up's conflict ("sign in instead").
 */
export async function applyWithNewAccount(raw: unknown, { ip, locale }: { ip: string | null; locale: Locale }): Promise<SubmittedApplication> {
  const { email, password, ...input } = parse(applicationWithAccountSchema, raw);
  let applicationId = "";
  const user = await registerUser(
    { email, password },
    {
      ip,
      locale,
      role: "applicant",
      inTransaction: async (tx, created) => {
        const application = await tx.handymanApplication.create({ data: { userId: created.id, ...applicationData(input) }, select: { id: true } });
        applicationId = application.id;
        const { id } = await enqueueMail(tx, applicationReceivedMessage({ to: created.email }));
        return [id];
      },
    },
  );
  return { applicationId, user };
}

/**
 * Whether a signed-in account may apply, and why not: an applicant whose applications were all
 * rejected may apply again; a homeowner's account may not (its requests are a homeowner's: apply with
 * another address), nor an operator's, nor a professional's, nor one with an application waiting.
 */
export async function applyRefusal(user: SessionUser): Promise<ApiError | null> {
  const role = await roleOf(user);
  if (role === "operator") return new ApiError("forbidden", { key: "application.operatorAccount" });
  if (role === "handyman") return new ApiError("conflict", { key: "application.alreadyProfessional" });
  if (role !== "applicant") return new ApiError("forbidden", { key: "application.homeownerAccount" });
  const waiting = await (await getDb()).handymanApplication.findFirst({ where: { userId: user.id, status: { not: "rejected" } }, select: { status: true } });
  if (waiting?.status === "approved") return new ApiError("conflict", { key: "application.alreadyProfessional" });
  if (waiting) return alreadyWaiting();
  return null;
}

/** A signed-in applicant applies again after a rejection; the session decides who, never the form. */
export async function applyAgain(user: SessionUser, raw: unknown): Promise<{ applicationId: string }> {
  const input = parse(applicationSchema, raw);
  const refusal = await applyRefusal(user);
  if (refusal) throw refusal;
  const db = await getDb();
  try {
    const { applicationId, mailId } = await db.$transaction(async (tx) => {
      // The role is read again under the transaction: an account that became something else meanwhile applies as nothing.
      const [account] = await tx.$queryRaw<{ role: string; email: string }[]>`SELECT "role"::text AS "role", "email" FROM "users" WHERE "id" = ${user.id}::uuid FOR UPDATE`;
      if (account?.role !== "applicant") throw new ApiError("conflict", { key: "application.alreadyProfessional" });
      const application = await tx.handymanApplication.create({ data: { userId: user.id, ...applicationData(input) }, select: { id: true } });
      const { id } = await enqueueMail(tx, applicationReceivedMessage({ to: account.email }));
      return { applicationId: application.id, mailId: id };
    });
    await nudgeMailDelivery(mailId);
    return { applicationId };
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyWaiting();
    throw error;
  }
}

/** The applicant's latest application, or null (the /pro page of an applicant shows it). */
export async function findLatestApplication(user: SessionUser): Promise<ApplicationView | null> {
  const row = await (await getDb()).handymanApplication.findFirst({
    where: { userId: user.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: viewColumns,
  });
  return row ? toView(row) : null;
}

// ---- The console.

export const APPLICATIONS_PAGE_SIZE = 50;

/** The console's two lists: the waiting ones, oldest first (the queue to work through), and the decided ones, newest first. */
export type ApplicationList = "waiting" | "decided";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A list's cursors are the operator's own (lib/paging): one made for the other list or another account is a 400. */
const listScope = (operator: Pick<Operator, "id">, list: ApplicationList): CursorScope => ({ list: `ops.applications.${list}`, owner: operator.id });

/** ?cursor= of a list's pages: absent is the first page; one that is not this operator's for this list is a 400. */
export function parseApplicationsCursor(operator: Pick<Operator, "id">, list: ApplicationList, value: unknown): Cursor | undefined {
  return decodeCursor(value, listScope(operator, list), 2);
}

/**
 * One page of a list, keyset on (created_at, id) over the index on (status, created_at, id): the rows
 * after the cursor's key in the list's order, or before it (a "previous" link) in reverse.
 */
export async function listApplications(operator: Pick<Operator, "id">, list: ApplicationList, cursor?: Cursor): Promise<Page<ApplicationView>> {
  const ascending = list === "waiting";
  const db = await getDb();
  return readPage(
    listScope(operator, list),
    APPLICATIONS_PAGE_SIZE,
    cursor,
    async ({ cursor: at, take }) => {
      const forwards = at?.direction !== "before";
      const up = ascending === forwards;
      const order: Prisma.SortOrder = up ? "asc" : "desc";
      const beyond = up ? "gt" : "lt";
      let keyset: Prisma.HandymanApplicationWhereInput = {};
      if (at) {
        const createdAt = new Date(at.key[0]);
        if (Number.isNaN(createdAt.getTime()) || !UUID.test(at.key[1])) throw badCursor();
        keyset = { OR: [{ createdAt: { [beyond]: createdAt } }, { createdAt, id: { [beyond]: at.key[1] } }] };
      }
      const rows = await db.handymanApplication.findMany({
        where: { status: ascending ? "submitted" : { in: ["approved", "rejected"] }, ...keyset },
        orderBy: [{ createdAt: order }, { id: order }],
        take,
        select: viewColumns,
      });
      return rows.map(toView);
    },
    (view) => timeKey(view.createdAt, view.id),
  );
}

const NOT_FOUND = { key: "application.notFound" } as const;

/** An application's id from an address or a form: a uuid, else "not found". */
export function parseApplicationId(value: unknown): string {
  if (typeof value !== "string" || !UUID.test(value)) throw new ApiError("not_found", NOT_FOUND);
  return value.toLowerCase();
}

async function findView(db: Db, id: string): Promise<ApplicationView> {
  const row = await db.handymanApplication.findUnique({ where: { id }, select: viewColumns });
  if (!row) throw new ApiError("not_found", NOT_FOUND);
  return toView(row);
}

/** One application for the console; 404 for an unknown id. */
export async function getApplicationOrThrow(id: string): Promise<ApplicationView> {
  return findView(await getDb(), parseApplicationId(id));
}

/** What the audit log keeps of an application: the account by id; never a name, the operator's reason (it is on the application, which erasure removes), the IBAN, the phone or an address. */
function auditView(view: ApplicationView) {
  return { status: view.status, userId: view.userId };
}

/** The whole IBAN of a waiting application, for an operator who asked for it; the asking is audited. A decided one's is gone (409). */
export async function revealIban(operator: Operator, rawId: string): Promise<string> {
  const id = parseApplicationId(rawId);
  const db = await getDb();
  return db.$transaction(async (tx) => {
    const row = await tx.handymanApplication.findUnique({ where: { id }, select: { iban: true, userId: true, status: true } });
    if (!row) throw new ApiError("not_found", NOT_FOUND);
    if (row.status !== "submitted") throw new ApiError("conflict", { key: "application.ibanForgotten" });
    await recordAudit(tx, operator, { action: "view_application_iban", targetType: "application", targetId: id, after: { userId: row.userId } });
    return row.iban;
  });
}

/**
 * What a decided application keeps of its IBAN: its last four characters (as operators saw it), the rest
 * replaced, in the decision's transaction. prisma/migrations/20261128160000_decided_applications_forget_iban
 * did the same to the applications decided before.
 */
async function forgetIban(tx: Prisma.TransactionClient, id: string): Promise<void> {
  await tx.$executeRaw`UPDATE "handyman_applications" SET "iban" = '****' || right("iban", 4) WHERE "id" = ${id}::uuid`;
}

/**
 * Locks the application for a decision and refuses what may not be decided: an unknown one (404), one's
 * own (403), one already decided (409).
 */
/**
 * Locks the applicant's account row, then the application, for a decision. The account's row comes first,
 * as in the account's deletion (lib/account/delete.ts): an approval and a deletion at the same moment run
 * one after the other, so either the deletion finds the new profile and takes it out of the market, or the
 * approval finds no account (404) and makes none. Without it, an approval could commit between the
 * deletion's look for a profile and its removal of the account, leaving an unsuspended profile with no
 * account in the market.
 */
async function lockForDecision(tx: Prisma.TransactionClient, operator: Operator, id: string): Promise<ApplicationView> {
  const [account] = await tx.$queryRaw<{ id: string }[]>`
    SELECT u."id" FROM "users" u WHERE u."id" = (SELECT a."user_id" FROM "handyman_applications" a WHERE a."id" = ${id}::uuid) FOR UPDATE OF u`;
  if (!account) throw new ApiError("not_found", NOT_FOUND);
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "handyman_applications" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!locked) throw new ApiError("not_found", NOT_FOUND);
  const view = await findView(tx, id);
  if (view.userId === operator.id) throw new ApiError("forbidden", { key: "application.ownApplication" });
  if (view.status === "approved") throw new ApiError("conflict", { key: "application.alreadyApproved" });
  if (view.status === "rejected") throw new ApiError("conflict", { key: "application.alreadyRejected" });
  return view;
}

/** A profile's address: the name in lower-case ASCII words joined by dashes, then the handyman's id ("anna-de-vries-41"). */
export function profileSlug(name: string, id: number): string {
  const words = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${words || "pro"}-${id}`;
}

/** The weekdays a new professional works until they change it: Monday to Friday (ISO 1–5). */
const FIRST_WORK_DAYS = [1, 2, 3, 4, 5];
/** Jobs a day a new professional takes until they change it. */
const FIRST_DAILY_CAPACITY = 2;

/**
 * Approves a submitted application whose address is verified: in one transaction the account becomes a
 * handyman's, with a profile (the application's name, cities, trades, price, introduction and
 * insurance; KvK-registered; no rating yet), working Monday to Friday, two jobs a day; the application
 * is approved; the audit entry and the applicant's mail are written. Returns the new handyman's id.
 */
export async function approveApplication(operator: Operator, rawId: string): Promise<{ handymanId: number }> {
  const id = parseApplicationId(rawId);
  const db = await getDb();
  const { handymanId, mailId } = await db.$transaction(async (tx) => {
    const before = await lockForDecision(tx, operator, id);
    if (!before.emailVerified) throw new ApiError("conflict", { key: "application.notVerified" });
    const { count } = await tx.user.updateMany({ where: { id: before.userId, role: "applicant" }, data: { role: "handyman" } });
    if (count !== 1) throw new ApiError("conflict", { key: "application.alreadyProfessional" });
    const row = await tx.handymanApplication.findUniqueOrThrow({ where: { id }, select: { name: true, cities: true, taskTypes: true, hourlyPriceCents: true, intro: true, insuredUntil: true } });
    const created = await tx.handyman.create({
      data: {
        ...row,
        // A placeholder until the id is known; the real address is set in the same transaction.
        slug: `new-${id}`,
        dailyCapacity: FIRST_DAILY_CAPACITY,
        kvkRegistered: true,
        rating: null,
        baseRating: null,
        available: true,
        userId: before.userId,
      },
      select: { id: true },
    });
    await tx.handyman.update({ where: { id: created.id }, data: { slug: profileSlug(row.name, created.id) } });
    await tx.handymanWorkDay.createMany({ data: FIRST_WORK_DAYS.map((weekday) => ({ handymanId: created.id, weekday })) });
    await tx.handymanApplication.update({ where: { id }, data: { status: "approved", decidedBy: operator.id, decidedAt: new Date() } });
    await forgetIban(tx, id);
    const after = await findView(tx, id);
    await recordAudit(tx, operator, { action: "approve_application", targetType: "application", targetId: id, before: auditView(before), after: { ...auditView(after), handymanId: created.id } });
    const { id: queued } = await enqueueMail(tx, applicationApprovedMessage({ to: before.email }));
    return { handymanId: created.id, mailId: queued };
  });
  await revalidateListedProfiles();
  await nudgeMailDelivery(mailId);
  return { handymanId };
}

export const MAX_REJECT_REASON_LENGTH = 500;

const REASON_MISSING = { key: "application.reasonMissing" } as const;
const REASON_TOO_LONG = { key: "application.reasonTooLong", values: { max: MAX_REJECT_REASON_LENGTH } } as const;

const reasonSchema = freeTextSchema({ max: MAX_REJECT_REASON_LENGTH, typeMessage: "reason", maxMessage: "too long" });

function parseReason(raw: unknown): string {
  const parsed = reasonSchema.safeParse(raw);
  if (!parsed.success) {
    const tooLong = parsed.error.issues.some((issue) => issue.message === "too long");
    const message = tooLong ? REASON_TOO_LONG : REASON_MISSING;
    throw new ApiError("validation_failed", message, [{ path: "reason", message }]);
  }
  if (parsed.data === "") throw new ApiError("validation_failed", REASON_MISSING, [{ path: "reason", message: REASON_MISSING }]);
  return parsed.data;
}

/** Rejects a submitted application with a reason (required, at most 500 characters), audited and mailed with the reason. */
export async function rejectApplication(operator: Operator, rawId: string, rawReason: unknown): Promise<void> {
  const id = parseApplicationId(rawId);
  const reason = parseReason(rawReason);
  const db = await getDb();
  const mailId = await db.$transaction(async (tx) => {
    const before = await lockForDecision(tx, operator, id);
    await tx.handymanApplication.update({ where: { id }, data: { status: "rejected", rejectReason: reason, decidedBy: operator.id, decidedAt: new Date() } });
    await forgetIban(tx, id);
    const after = await findView(tx, id);
    await recordAudit(tx, operator, { action: "reject_application", targetType: "application", targetId: id, before: auditView(before), after: auditView(after) });
    const { id: queued } = await enqueueMail(tx, applicationRejectedMessage({ to: before.email, reason }));
    return queued;
  });
  await nudgeMailDelivery(mailId);
}
