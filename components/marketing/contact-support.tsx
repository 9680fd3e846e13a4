"use client";
// The Contact Support button on /customer-help and the dialog with our contact details it opens.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogCloseButton } from "@/components/ui/dialog";
import type { SupportContact } from "@/lib/content/site";
import styles from "./marketing.module.css";

export function ContactSupport({ contact }: { contact: SupportContact }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="lg" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Contact Support
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Contact Support"
        description="Call or email us and a member of our support team will help you."
        closeDelay={180}
      >
        <dl className={styles.contactList}>
          <div>
            <dt>Phone</dt>
            <dd>
              <a href={contact.phoneHref}>{contact.phone}</a>
            </dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </dd>
          </div>
          <div>
            <dt>Opening hours</dt>
            <dd>{contact.hours}</dd>
          </div>
        </dl>
        <p className={styles.contactNote}>{contact.responseTime}</p>
        <div className={styles.dialogActions}>
          <DialogCloseButton>Done</DialogCloseButton>
        </div>
      </Dialog>
    </>
  );
}
