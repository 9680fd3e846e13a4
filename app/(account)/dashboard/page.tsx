import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DashboardTiles } from "@/components/dashboard/dashboard-tiles";
import styles from "@/components/dashboard/dashboard.module.css";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "My dashboard" };

export default async function DashboardPage() {
  if (!(await getCurrentUser())) redirect("/");
  return (
    <div className={styles.page}>
      <h1>My dashboard</h1>
      <p className={styles.intro}>Your account, your orders and help, in one place.</p>
      <DashboardTiles />
    </div>
  );
}
