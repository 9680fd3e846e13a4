import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { OrdersList } from "@/components/dashboard/orders-list";
import styles from "@/components/dashboard/dashboard.module.css";
import { LinkButton } from "@/components/ui/button";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your orders" };

export default async function OrdersPage() {
  if (!(await getCurrentUser())) redirect("/");
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.toolbar}>
        <h1>Your orders</h1>
        <LinkButton href="/inputs">New Order</LinkButton>
      </div>
      <OrdersList />
    </div>
  );
}
