// The operator console (/ops…). Only operators see it: for anyone else — signed out, homeowners,
// handymen — every page under here is the site's 404, decided here against the database and again by
// each page and action (requireOperator), never by the proxy alone.
import type { Metadata } from "next";
import { OpsNav } from "@/components/ops/ops-nav";
import { requireOperator } from "@/lib/ops/access";

export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: { index: false, follow: false } };

export default async function OpsLayout({ children }: { children: React.ReactNode }) {
  await requireOperator();
  // The console is written in English for the operations team; under /nl only the site's header and
  // footer are Dutch, and the console says which language it is in.
  return (
    <div lang="en">
      <OpsNav />
      {children}
    </div>
  );
}
