// The password field of a destructive console action (close, delete, suspend, cancel on someone's
// behalf): the operator types their own password again. Its server action passes the value to
// confirmPassword() of lib/ops/access.ts.
import { Field, controlClassName } from "@/components/ui/field";

export function PasswordConfirmField({ id, error }: { id: string; error?: string }) {
  return (
    <Field id={id} label="Your password, to confirm" error={error}>
      {(control) => <input {...control} name="password" type="password" autoComplete="current-password" required className={controlClassName} />}
    </Field>
  );
}
