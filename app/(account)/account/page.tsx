import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountDetails } from "@/components/auth/account-details";
import { getCurrentUser } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Your account" };

export default async function AccountPage() {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return <AccountDetails email={user.email} />;
}
