// The signed-in area: /inputs…, /dashboard…, /account, /help. The proxy already turned away visitors
// without a session cookie; this is the one place that checks the session against the database before
// anything of the area renders. Pages that need the user ask requireUser() again (the same cached read).
import { QueryProvider } from "@/components/providers/query-provider";
import { SessionUserProvider } from "@/components/providers/session-user";
import { requireUser } from "@/lib/auth/current-user";

export const dynamic = "force-dynamic";

export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  return (
    <SessionUserProvider user={user}>
      <QueryProvider>{children}</QueryProvider>
    </SessionUserProvider>
  );
}
