// The one runner of every server action, on the model of next-safe-action's chain: `formAction` reads
// the language of the page that posted (its answers and redirects are in it), validates the posted
// fields with a zod schema when given one (a refusal answers the form field by field), and turns what
// the action throws into the typed state the form's useActionState reads — an ApiError into its message
// and field messages in that language, anything else into one logged line and a general message. An
// action that is over leads the browser on with `moveOn` or `redirect`, which the runner carries out
// once the action's own work is done (Next.js's redirect is a thrown signal, never to be caught here). `userAction` adds the signed-in user (a signed-out
// post is sent to the home page), `operatorAction` the operator (anyone else gets the console's 404).
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { z } from "zod";
import type { Locale } from "../../i18n/locales";
import type { Namespace } from "../../i18n/namespaces";
import { ApiError, apiMessage } from "../api/errors";
import { requireUser, type SessionUser } from "../auth/current-user";
import { withNotice, type NoticeKey } from "../notices";
import { logFailure } from "../db/errors";
import { env } from "../env";
import { pageLocale } from "../i18n/page-locale";
import { localizedPath } from "../i18n/paths";
import { getTranslator, type Translator } from "../i18n/translator";
import { requireOperator, type Operator } from "../ops/access";
import { clientIp } from "../rate-limit/client-ip";
import { fieldErrorsOf } from "../validations/field-errors";
import { postedInPage } from "../validations/form-data";
import { fieldErrorsIn } from "../validations/messages";
import type { FormState } from "./state";

/** What every action's body is given. */
export type ActionContext<S, I> = {
  form: FormData;
  /** The state the form showed before this post. */
  previous: S;
  /** The page's language. */
  locale: Locale;
  /** The state an answer starts from: what the form keeps of the post (`keep`), else an empty one. */
  kept: S;
  /** The validated input (`schema`); undefined without one. */
  input: I;
  /** One namespace's messages in the page's language. */
  messages(namespace: Namespace): Promise<Translator>;
  /** The answer of a finished form: `kept` with `next` to the in-page form, a redirect to `next` without JavaScript. */
  moveOn(next: string): S | Redirect;
  /** A redirect to `next` whoever posted (the in-page form too). */
  redirect(next: string): Redirect;
};

/** Where the browser goes once the action is over: redirected after the runner has let go of the post. */
class Redirect {
  constructor(readonly to: string) {}
}

/** What the message of an unexpected failure may be made from. */
export type FailureContext = { locale: Locale; messages(namespace: Namespace): Promise<Translator> };

export type ActionOptions<S, I> = {
  /** What the action does, for the log line of an unexpected failure ("changing a password"). */
  name: string;
  /** The log's area: `[auth]`, `[requests]`, `[ops]`. */
  area: string;
  keep?: (form: FormData) => S;
  /** The schema of the input, and the input it is given from the form. */
  schema?: z.ZodType<I>;
  input?: (form: FormData) => unknown;
  /** The message of an unexpected failure; a general English one without it. */
  failure?: (context: FailureContext) => string | Promise<string>;
};

export type FormAction<S> = (previous: S, form: FormData) => Promise<S>;

const GENERAL_FAILURE = "That did not work just now. Please try again in a moment.";
const EMPTY_STATE: FormState = { fieldErrors: {}, message: null };

class ActionClient<C extends object> {
  constructor(private readonly context: () => Promise<C>) {}

  /** A client whose actions also get what `more` adds (the session, the operator). */
  use<D extends object>(more: (context: C) => Promise<D>): ActionClient<C & D> {
    return new ActionClient(async () => {
      const context = await this.context();
      return { ...context, ...(await more(context)) };
    });
  }

  /** A server action for a form whose state is `S`. */
  action<S extends FormState, I = undefined>(options: ActionOptions<S, I>, body: (context: C & ActionContext<S, I>) => Promise<S | Redirect>): FormAction<S> {
    return async (previous, form) => {
      const added = await this.context();
      const locale = await pageLocale();
      const messages = async (namespace: Namespace) => getTranslator(locale, namespace);
      const kept = options.keep ? options.keep(form) : ({ ...EMPTY_STATE } as S);
      let input = undefined as I;
      if (options.schema) {
        const parsed = options.schema.safeParse(options.input ? options.input(form) : {});
        if (!parsed.success) return { ...kept, fieldErrors: await fieldErrorsIn(parsed.error.issues, locale) };
        input = parsed.data;
      }
      const moveOn = (next: string) => (postedInPage(form) ? { ...kept, next } : new Redirect(next));
      const redirectTo = (next: string) => new Redirect(next);
      let answer: S | Redirect;
      try {
        answer = await body({ ...added, form, previous, locale, kept, input, messages, moveOn, redirect: redirectTo });
      } catch (error) {
        if (error instanceof ApiError) return { ...kept, message: error.messageIn(locale), fieldErrors: fieldErrorsOf(error.issuesIn(locale) ?? []) };
        logFailure(options.area, options.name, error);
        return { ...kept, fieldErrors: {}, message: options.failure ? await options.failure({ locale, messages }) : GENERAL_FAILURE };
      }
      if (answer instanceof Redirect) redirect(answer.to);
      return answer;
    };
  }
}

/** Any visitor's form (sign-in, sign-up, a forgotten password). */
export const formAction = new ActionClient(async () => ({}));
/** A signed-in user's form. */
export const userAction = formAction.use(async (): Promise<{ user: SessionUser }> => ({ user: await requireUser() }));
/** An operator's form in the console. */
export const operatorAction = formAction.use(async (): Promise<{ operator: Operator }> => ({ operator: await requireOperator() }));

/** The client's address, for the limits (known only behind a trusted proxy, lib/rate-limit/client-ip.ts). */
export async function requestIp(): Promise<string | null> {
  return clientIp(await headers(), env().TRUSTED_IP_HEADER);
}

type ChangeOptions<C, T> = Pick<ActionOptions<FormState, undefined>, "name" | "area" | "failure"> & {
  notice: NoticeKey;
  /** The page to lead to; it may depend on what the change returned. */
  back: string | ((result: T) => string);
  /** Whether `back` is given without the page's language (the console's pages), to be put in it. */
  localize: boolean;
  change: (context: C) => Promise<T>;
};

/**
 * A change that, once it went through, leads to `back` with a notice — a redirect without JavaScript, so
 * a reload does not post twice; the in-page form is told where to go. A refusal is the form's answer.
 */
function changeWithNotice<C extends object, T>(client: ActionClient<C>, form: FormData, options: ChangeOptions<C, T>): Promise<FormState> {
  const { name, area, failure, notice, back, localize, change } = options;
  const action = client.action<FormState>({ name, area, failure }, async (context) => {
    const result = await change(context);
    const path = typeof back === "function" ? back(result) : back;
    return context.moveOn(withNotice(localize ? localizedPath(context.locale, path) : path, notice));
  });
  return action({ ...EMPTY_STATE }, form);
}

/**
 * One step of a repair request for the signed-in user (lib/requests/step-actions.ts); `back` in the
 * page's language. The page is opened again rather than revalidated in place: a form that goes away with
 * the step (Accept, once accepted) must still be there to lead the browser on.
 */
export function requestStep(form: FormData, notice: NoticeKey, back: string, step: (user: SessionUser) => Promise<void>): Promise<FormState> {
  return changeWithNotice(userAction, form, {
    name: "a request's step",
    area: "requests",
    failure: ({ locale }) => apiMessage(locale, { key: "request.stepFailed" }),
    notice,
    back,
    localize: true,
    change: ({ user }) => step(user),
  });
}

/** One change in the console for the signed-in operator; `back` may depend on what the change returned. */
export function consoleChange<T>(form: FormData, notice: NoticeKey, back: string | ((result: T) => string), change: (operator: Operator) => Promise<T>): Promise<FormState> {
  return changeWithNotice(operatorAction, form, { name: "an operator's change", area: "ops", notice, back, localize: false, change: ({ operator }) => change(operator) });
}
