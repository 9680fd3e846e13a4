"use client";
// One form of a request's step (cancel, a new date, a review, accept, decline…): posts to its server
// action, without JavaScript as a plain POST and with it in place. A refusal is shown in the form; a
// step that went through opens the page again, fresh, with its notice, and the form is then ready for
// the next post, emptied as the plain post's new page would be (a conversation is many messages).
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { useFormAction } from "@/components/ui/use-form-action";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { Field, type FieldControlProps } from "@/components/ui/field";
import { IDLE_STEP, unreachableStep, type StepFormState } from "@/lib/requests/step-form";
import type { FieldErrors } from "@/lib/validations/field-errors";
import styles from "./request-life.module.css";

type StepFormProps = {
  action: (previous: StepFormState, form: FormData) => Promise<StepFormState>;
  /** Hidden fields: which request or offer, and the state the page showed. */
  hidden: Record<string, string>;
  /** The visible fields and the submit button(s); `pending` while the answer is on its way. */
  children: (answer: { fieldErrors: FieldErrors; pending: boolean }) => React.ReactNode;
  /** Read by assistive technology as the form's name. */
  label: string;
  /** What the form says when the server cannot be reached, in the page's language (English by default). */
  unreachable?: string;
};

export function StepForm({ action, hidden, children, label, unreachable }: StepFormProps) {
  const router = useRouter();
  const form = useRef<HTMLFormElement>(null);
  const { state, formAction, submit, pending, reset } = useFormAction(action, IDLE_STEP, () => unreachableStep(unreachable));
  // While the page the step led to is on its way: the form stays disabled until it is there.
  const [moving, startMoving] = useTransition();
  const refocus = useRef(false);

  useEffect(() => {
    const next = state.next;
    if (!next) return;
    const element = form.current;
    const focused = document.activeElement;
    // The pressed button was disabled and lost the focus: it goes back to the form once the page is there.
    refocus.current = !focused || focused === document.body || Boolean(element?.contains(focused));
    element?.reset();
    startMoving(() => {
      router.replace(next, { scroll: false });
      router.refresh();
      reset();
    });
  }, [state.next, router, reset]);

  useEffect(() => {
    if (moving || !refocus.current) return;
    refocus.current = false;
    const focused = document.activeElement;
    if (focused && focused !== document.body && !form.current?.contains(focused)) return;
    form.current?.querySelector<HTMLElement>("textarea, input:not([type=hidden]), select, button:not([disabled])")?.focus({ preventScroll: true });
  }, [moving]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || moving || state.next) return;
    // The button pressed carries its own name and value (e.g. confirm=true), as in a plain post.
    submit(new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter));
  }

  return (
    <form ref={form} action={formAction} onSubmit={onSubmit} aria-label={label} className={styles.stepForm} noValidate>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children({ fieldErrors: state.fieldErrors, pending: pending || moving || Boolean(state.next) })}
      {state.message ? (
        <Alert tone="error" className={styles.answer}>
          <p>{state.message}</p>
        </Alert>
      ) : null}
    </form>
  );
}

/** A step form's submit button, in the forms' button row; disabled while the answer is on its way. */
export function StepButton({ pending, children, variant, size }: { pending: boolean; children: React.ReactNode; variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <div className={styles.buttons}>
      <Button type="submit" variant={variant} size={size} disabled={pending}>
        {children}
      </Button>
    </div>
  );
}

/** A step that is a button and nothing else (accept, done, pick another handyman). */
export function ButtonStepForm({ button, variant, size, ...form }: Omit<StepFormProps, "children"> & { button: string; variant?: ButtonVariant; size?: ButtonSize }) {
  return (
    <StepForm {...form}>
      {({ pending }) => (
        <StepButton pending={pending} variant={variant} size={size}>
          {button}
        </StepButton>
      )}
    </StepForm>
  );
}

/** The one field of a FieldStepForm: its label and hint, the form field's name (handed to the control), and the control itself. */
export type StepField = { id: string; label: string; hint?: string; name: string; control: (control: FieldControlProps & { name: string }) => React.ReactNode };

/** A step of one field and its button (a message, a reason, a new date, photos); the field's error beside it. */
export function FieldStepForm({ field, button, variant, ...form }: Omit<StepFormProps, "children"> & { field: StepField; button: string; variant?: ButtonVariant }) {
  return (
    <StepForm {...form}>
      {({ fieldErrors, pending }) => (
        <>
          <Field id={field.id} label={field.label} hint={field.hint} error={fieldErrors[field.name]}>
            {(control) => field.control({ ...control, name: field.name })}
          </Field>
          <StepButton pending={pending} variant={variant}>
            {button}
          </StepButton>
        </>
      )}
    </StepForm>
  );
}
