"use client";
// The forms of the day of a paid job (lib/requests/no-show.ts): on /pro the handyman's "On my way", "I'm at
// the door" and the no-show report with its door photo (a multipart post, also without JavaScript); on the
// order page the homeowner's objection and their report that the handyman did not come. Words from the page.
import { controlClassName } from "@/components/ui/field";
import { atTheDoorAction, objectNoShowAction, onMyWayAction, reportHandymanNoShowAction, reportNoShowAction } from "@/lib/requests/step-actions";
import { PHOTO_INPUT_ACCEPT, PHOTOS_FIELD } from "@/lib/photos/limits";
import { ButtonStepForm, FieldStepForm } from "./step-form";
import styles from "./request-life.module.css";

type FormText = { label: string; unreachable: string; button: string };

export function OnMyWayForm({ offerId, text }: { offerId: string; text: FormText }) {
  return <ButtonStepForm action={onMyWayAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
}

export function AtTheDoorForm({ offerId, text }: { offerId: string; text: FormText }) {
  return <ButtonStepForm action={atTheDoorAction} hidden={{ offer_id: offerId }} label={text.label} unreachable={text.unreachable} button={text.button} />;
}

/** Nobody opened: one photo of the door, then the report. */
export function ReportNoShowForm({ offerId, text }: { offerId: string; text: FormText & { field: string; hint: string } }) {
  return (
    <FieldStepForm
      action={reportNoShowAction}
      hidden={{ offer_id: offerId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `door-photo-${offerId}`, label: text.field, hint: text.hint, name: PHOTOS_FIELD, control: (control) => <input {...control} type="file" accept={PHOTO_INPUT_ACCEPT} required className={styles.fileInput} /> }}
      button={text.button}
      variant="secondary"
    />
  );
}

export function ObjectNoShowForm({ requestId, maxLength, text }: { requestId: string; maxLength: number; text: FormText & { field: string; hint: string } }) {
  return (
    <FieldStepForm
      action={objectNoShowAction}
      hidden={{ request_id: requestId }}
      label={text.label}
      unreachable={text.unreachable}
      field={{ id: `objection-${requestId}`, label: text.field, hint: text.hint, name: "text", control: (control) => <textarea {...control} rows={4} maxLength={maxLength} required className={controlClassName} /> }}
      button={text.button}
    />
  );
}

export function ReportHandymanNoShowForm({ requestId, text }: { requestId: string; text: FormText }) {
  return <ButtonStepForm action={reportHandymanNoShowAction} hidden={{ request_id: requestId }} label={text.label} unreachable={text.unreachable} button={text.button} variant="secondary" />;
}
