"use client";
// The header's account area. It asks /api/auth/session from the browser, so the pages that carry the
// header stay static; until the answer arrives it holds the same space, so nothing moves.
import Link from "next/link";
import { useState } from "react";
import { SessionProvider, signOut, useSession } from "next-auth/react";
import styles from "./auth-nav.module.css";

export function AuthNav() {
  return (
    <SessionProvider>
      <AuthLinks />
    </SessionProvider>
  );
}

function AuthLinks() {
  const { status } = useSession();
  const [leaving, setLeaving] = useState(false);

  if (status === "loading") {
    return (
      <div className={styles.slot} aria-hidden="true">
        <span className={`${styles.link} ${styles.placeholder}`}>Sign In</span>
        <span className={`${styles.button} ${styles.placeholder}`}>Sign Up</span>
      </div>
    );
  }

  if (status === "authenticated") {
    return (
      <div className={styles.slot}>
        <Link href="/dashboard" className={styles.link}>
          My Dashboard
        </Link>
        <button
          type="button"
          className={styles.button}
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            signOut({ callbackUrl: "/" }).catch(() => setLeaving(false));
          }}
        >
          Time to Go
        </button>
      </div>
    );
  }

  return (
    <div className={styles.slot}>
      <Link href="/login" className={styles.link}>
        Sign In
      </Link>
      <Link href="/signup" className={styles.button}>
        Sign Up
      </Link>
    </div>
  );
}
