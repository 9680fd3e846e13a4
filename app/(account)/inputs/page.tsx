import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { RequestForm } from "@/components/request/request-form";
import styles from "@/components/request/request.module.css";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Request a handyman" };

export default async function NewRequestPage() {
  if (!(await getCurrentUser())) redirect("/");
  return (
    <div className={styles.page}>
      <h1>Request a handyman</h1>
      <p className={styles.intro}>Tell us what needs fixing, where and when. Next, you choose how we pick your handyman.</p>
      <RequestForm />
    </div>
  );
}
