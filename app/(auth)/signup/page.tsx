import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import styles from "@/components/auth/auth-form.module.css";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await getCurrentUser().catch(() => null)) redirect("/inputs");
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Create your account</h1>
      <p className={styles.intro}>One account for every repair request: painting, electrical work and plumbing.</p>
      <SignUpForm />
    </div>
  );
}
