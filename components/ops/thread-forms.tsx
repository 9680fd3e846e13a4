"use client";
// The console's close form on a reported thread; works without JavaScript.
import { StepForm } from "@/components/requests/step-form";
import { Button } from "@/components/ui/button";
import { closeThreadAction } from "@/lib/messages/ops-actions";
import lifeStyles from "@/components/requests/request-life.module.css";

export function CloseThreadForm({ threadId }: { threadId: string }) {
  return (
    <StepForm action={closeThreadAction} hidden={{ thread: threadId }} label="Close this conversation">
      {({ pending }) => (
        <div className={lifeStyles.buttons}>
          <Button type="submit" variant="danger" disabled={pending}>
            Close the conversation
          </Button>
        </div>
      )}
    </StepForm>
  );
}
