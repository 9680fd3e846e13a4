// The signed-in area: /inputs…, /dashboard…, /account, /help. The proxy already turned away visitors
// without a session cookie; this checks the session against the database before anything renders.
import { redirect } from "next/navigation";
import { QueryProvider } from "@/components/providers/query-provider";
import { SessionUserProvider } from "@/components/providers/session-user";
import { getCurrentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (!user) redirect("/");
  return (
    <SessionUserProvider user={user}>
      <QueryProvider>{children}</QueryProvider>
    </SessionUserProvider>
  );
}
