import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ArrangingResult } from "@/components/request/arranging-result";
import styles from "@/components/request/request.module.css";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your handyman" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ArrangingPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await getCurrentUser())) redirect("/");
  const { input } = await searchParams;
  // Only the request id is read from the URL; the handyman is worked out again from the stored request.
  // An id that is not one of the user's requests (or not an id at all) leaves nothing to show.
  const inputId = typeof input === "string" ? input.trim() : undefined;
  return (
    <div className={styles.page}>
      <h1>Arranging your handyman</h1>
      <ArrangingResult inputId={inputId} />
    </div>
  );
}
