// The account page's content: the display name derived from the email, and the email itself.
import Link from "next/link";
import { displayNameFromEmail } from "@/lib/auth/display-name";
import styles from "./account-details.module.css";

export function AccountDetails({ email }: { email: string }) {
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Your account</h1>
      <dl className={styles.card}>
        <div className={styles.row}>
          <dt>Name</dt>
          <dd>{displayNameFromEmail(email)}</dd>
        </div>
        <div className={styles.row}>
          <dt>Email</dt>
          <dd className={styles.email}>{email}</dd>
        </div>
      </dl>
      <p className={styles.back}>
        <Link href="/dashboard">Back to your dashboard</Link>
      </p>
    </div>
  );
}
