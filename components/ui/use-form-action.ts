"use client";
// A form that posts to a server action and works both ways. Without JavaScript the browser posts the
// form to the action and the server renders the page again with the action's answer (React's
// useActionState). With JavaScript the form calls the action itself, marked in_page=1, so the action
// answers with state instead of a redirect and the form can stay in place, say what happened and move
// on by itself; an answer that never arrives becomes `unreachable(state)` instead of an error screen.
// An action that redirects in both cases (one whose change, such as signing out, also changes what the
// current page may show) is followed: Next.js navigates, and its redirect is passed on, not mistaken
// for a lost answer. `reset` makes the form ready for its next post once an answer has been dealt with
// (a step that went through and led the page on, which may be the same page).
import { unstable_rethrow } from "next/navigation";
import { useActionState, useCallback, useState, useTransition } from "react";
import { IN_PAGE_FIELD } from "@/lib/validations/form-data";

// S is a plain object of form state (never itself a promise), as the actions of this app answer, so
// React's Awaited<S> is S; the casts say so where TypeScript cannot see it for a generic S.
export function useFormAction<S extends object>(
  action: (previous: S, form: FormData) => Promise<S>,
  initial: S,
  unreachable: (state: S) => S,
) {
  const [posted, formAction] = useActionState(action as (previous: Awaited<S>, form: FormData) => Promise<S>, initial as Awaited<S>);
  const [answered, setAnswered] = useState<S | null>(null);
  const [pending, startTransition] = useTransition();
  const state: S = answered ?? (posted as S);

  function submit(form: FormData) {
    form.set(IN_PAGE_FIELD, "1");
    startTransition(async () => {
      let next: S;
      try {
        next = await action(state, form);
      } catch (error) {
        unstable_rethrow(error);
        next = unreachable(state);
      }
      startTransition(() => setAnswered(next));
    });
  }

  const reset = useCallback(() => setAnswered(initial), [initial]);

  return { state, formAction, submit, pending, reset };
}
