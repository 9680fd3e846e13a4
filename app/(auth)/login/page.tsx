import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import styles from "@/components/auth/auth-form.module.css";
import { signInErrorMessage } from "@/lib/auth/messages";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await getCurrentUser().catch(() => null)) redirect("/inputs");
  const { error } = await searchParams;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Sign in</h1>
      <p className={styles.intro}>Welcome back. Sign in to request a handyman and follow your orders.</p>
      <SignInForm initialError={signInErrorMessage(typeof error === "string" ? error : undefined)} />
    </div>
  );
}
