"use client";
// What an operator can do with an opening besides editing it: publish (a draft or closed one), close
// (a published one; asks for the password), duplicate (a new draft), delete (a draft or closed one; asks
// for the password). Each is a form of its own that posts without JavaScript too, naming the version the
// page showed, so an action on an opening someone has just changed is refused rather than guessed at.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { PasswordConfirmField } from "@/components/ops/password-confirm-field";
import { closeOpeningAction, deleteOpeningAction, duplicateOpeningAction, publishOpeningAction } from "@/lib/careers/console-actions";
import type { OpeningStatus } from "@/lib/careers/console";
import styles from "./job-openings.module.css";

export function JobOpeningActions({ jobId, version, status }: { jobId: string; version: number; status: OpeningStatus }) {
  const hidden = { job_id: jobId, version: String(version) };
  return (
    <section className={styles.actions} aria-labelledby="opening-actions">
      <h2 id="opening-actions">Publish, close, copy or delete</h2>

      {status !== "published" ? (
        <div className={styles.action}>
          <h3>Publish</h3>
          <p>{status === "closed" ? "Open it again: it shows on the careers pages at once." : "It shows on the careers pages at once."}</p>
          <StepForm action={publishOpeningAction} hidden={hidden} label="Publish this opening">
            {({ pending }) => (
              <Button type="submit" disabled={pending}>
                Publish
              </Button>
            )}
          </StepForm>
        </div>
      ) : (
        <div className={styles.action}>
          <h3>Close</h3>
          <p>It leaves the careers pages, and its page tells visitors it has closed.</p>
          <StepForm action={closeOpeningAction} hidden={hidden} label="Close this opening">
            {({ pending, fieldErrors }) => (
              <>
                <PasswordConfirmField id="close-password" error={fieldErrors.password} />
                <Button type="submit" variant="danger" disabled={pending}>
                  Close opening
                </Button>
              </>
            )}
          </StepForm>
        </div>
      )}

      <div className={styles.action}>
        <h3>Duplicate</h3>
        <p>A new draft with the same text, to adapt for another role or city.</p>
        <StepForm action={duplicateOpeningAction} hidden={hidden} label="Duplicate this opening">
          {({ pending }) => (
            <Button type="submit" variant="secondary" disabled={pending}>
              Duplicate
            </Button>
          )}
        </StepForm>
      </div>

      {status !== "published" ? (
        <div className={styles.action}>
          <h3>Delete</h3>
          <p>Removes the opening for good. The audit log keeps what it said.</p>
          <StepForm action={deleteOpeningAction} hidden={hidden} label="Delete this opening">
            {({ pending, fieldErrors }) => (
              <>
                <PasswordConfirmField id="delete-password" error={fieldErrors.password} />
                <Button type="submit" variant="danger" disabled={pending}>
                  Delete opening
                </Button>
              </>
            )}
          </StepForm>
        </div>
      ) : null}
    </section>
  );
}
