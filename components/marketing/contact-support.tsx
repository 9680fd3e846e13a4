"use client";
// The Contact Support button on /customer-help and the dialog with our contact details it opens.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCloseButton } from "@/components/ui/dialog";
import type { SupportContact } from "@/lib/content/site";
import styles from "./marketing.module.css";

/** The dialog's words, in the page's language. */
export type ContactSupportText = { button: string; title: string; description: string; phone: string; email: string; hours: string; done: string };

export function ContactSupport({ contact, text }: { contact: SupportContact & { hours: string; responseTime: string }; text: ContactSupportText }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="lg" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {text.button}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={text.title}
        description={text.description}
        closeDelay={180}
      >
        <dl className={styles.contactList}>
          <div>
            <dt>{text.phone}</dt>
            <dd>
              <a href={contact.phoneHref}>{contact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{text.email}</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div>
            <dt>{text.hours}</dt>
            <dd>{contact.hours}</dd>
          </div>
        </dl>
        <p className={styles.contactNote}>{contact.responseTime}</p>
        <div className={styles.dialogActions}>
          <DialogCloseButton>{text.done}</DialogCloseButton>
        </div>
      </Dialog>
    </>
  );
}
