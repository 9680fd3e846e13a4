"use client";
// The roster's forms: invite a handyman (an account and a mailed set-password link), edit the hourly
// price and the set of trades, suspend (with the operator's password) and lift a suspension. Each posts to its
// server action (lib/ops/handymen-actions.ts) and works without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { Field, controlClassName } from "@/components/ui/field";
import { editHandymanAction, inviteHandymanAction, suspendHandymanAction, unsuspendHandymanAction } from "@/lib/ops/handymen-actions";
import { TASK_TYPES, type TaskType } from "@/lib/requests/catalogue";
import { taskTypeLabel } from "@/lib/requests/words";
import { PasswordConfirmField } from "./password-confirm-field";
import lifeStyles from "@/components/requests/request-life.module.css";

export type InvitableHandyman = { id: number; label: string };

/** Invites one of `handymen` (those without an account), or the one handyman of a detail page. */
export function InviteForm({ handymen, fixed }: { handymen?: InvitableHandyman[]; fixed?: InvitableHandyman }) {
  const hidden: Record<string, string> = fixed ? { handyman_id: String(fixed.id), back: "detail" } : {};
  const idPrefix = fixed ? `invite-${fixed.id}` : "invite";
  return (
    <StepForm action={inviteHandymanAction} hidden={hidden} label={fixed ? `Invite ${fixed.label}` : "Invite a handyman"}>
      {({ fieldErrors, pending }) => (
        <>
          {fixed ? null : (
            <Field id={`${idPrefix}-handyman`} label="Handyman" error={fieldErrors.handyman_id}>
              {(control) => (
                <select {...control} name="handyman_id" required className={controlClassName} defaultValue="">
                  <option value="" disabled>
                    Choose a handyman without an account
                  </option>
                  {(handymen ?? []).map((h) => (
                    <option key={h.id} value={h.id}>
                      {h.label}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field id={`${idPrefix}-email`} label="Their email address" hint="They get a link to set a password; it works once, for 7 days." error={fieldErrors.email}>
            {(control) => <input {...control} name="email" type="email" autoComplete="off" required maxLength={320} className={controlClassName} />}
          </Field>
          <div className={lifeStyles.buttons}>
            <Button type="submit" disabled={pending}>
              Send the invitation
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

export function EditHandymanForm({ id, hourlyPrice, taskTypes }: { id: number; hourlyPrice: number; taskTypes: readonly TaskType[] }) {
  return (
    <StepForm action={editHandymanAction} hidden={{ handyman_id: String(id) }} label="Hourly price and trades">
      {({ fieldErrors, pending }) => (
        <>
          <Field id="edit-hourly-price" label="Hourly price in euros" hint="From €10 to €500, for example 45.50." error={fieldErrors.hourlyPrice}>
            {(control) => (
              <input {...control} name="hourly_price" inputMode="decimal" required defaultValue={hourlyPrice.toFixed(2)} className={controlClassName} />
            )}
          </Field>
          <fieldset className={lifeStyles.stars} aria-describedby={fieldErrors.taskTypes ? "edit-task-types-error" : undefined}>
            <legend>Trades (one or more)</legend>
            {TASK_TYPES.map((task) => (
              <label key={task}>
                <input type="checkbox" name="task_type" value={task} defaultChecked={taskTypes.includes(task)} />
                {taskTypeLabel(task)}
              </label>
            ))}
          </fieldset>
          {fieldErrors.taskTypes ? (
            <p id="edit-task-types-error" className={lifeStyles.error}>
              {fieldErrors.taskTypes}
            </p>
          ) : null}
          <div className={lifeStyles.buttons}>
            <Button type="submit" disabled={pending}>
              Save
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

export function SuspendForm({ id, name }: { id: number; name: string }) {
  return (
    <StepForm action={suspendHandymanAction} hidden={{ handyman_id: String(id) }} label={`Suspend ${name}`}>
      {({ fieldErrors, pending }) => (
        <>
          <p>
            {name} will not be matched or offered anything; requests offered to them and not answered yet go to the next handyman. Jobs they
            accepted stay theirs.
          </p>
          <PasswordConfirmField id="suspend-password" error={fieldErrors.password} />
          <div className={lifeStyles.buttons}>
            <Button type="submit" variant="danger" disabled={pending}>
              Suspend {name}
            </Button>
          </div>
        </>
      )}
    </StepForm>
  );
}

export function UnsuspendForm({ id, name }: { id: number; name: string }) {
  return (
    <StepForm action={unsuspendHandymanAction} hidden={{ handyman_id: String(id) }} label={`Lift the suspension of ${name}`}>
      {({ pending }) => (
        <div className={lifeStyles.buttons}>
          <Button type="submit" variant="secondary" disabled={pending}>
            Lift the suspension
          </Button>
        </div>
      )}
    </StepForm>
  );
}
