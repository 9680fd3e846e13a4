import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { CriteriaChooser } from "@/components/request/criteria-chooser";
import styles from "@/components/request/request.module.css";
import { getCurrentUser } from "@/lib/auth/session";
import { inputIdSchema } from "@/lib/validations/inputs";

export const metadata: Metadata = { title: "Choose how to pick your handyman" };

export default async function ChooseCriterionPage({ params }: { params: Promise<{ inputId: string }> }) {
  if (!(await getCurrentUser())) redirect("/");
  const { inputId } = await params;
  if (!inputIdSchema.safeParse(inputId).success) notFound();
  return (
    <div className={styles.page}>
      <h1>Choose how to pick your handyman</h1>
      <p className={styles.intro}>We show you one handyman for your request. Tell us what matters most to you.</p>
      <CriteriaChooser inputId={inputId} />
    </div>
  );
}
