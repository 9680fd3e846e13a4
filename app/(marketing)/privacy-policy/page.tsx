import type { Metadata } from "next";
import { LegalDocumentView } from "@/components/marketing/legal-document";
import { PageHeader } from "@/components/marketing/page-header";
import { privacyPolicy } from "@/lib/content/legal";

export const metadata: Metadata = {
  title: "Privacy Policy",
  description: "What Fixwell stores about you (your email, a password hash and your repair requests), why, for how long, and your rights under the GDPR.",
};

export default function PrivacyPolicyPage() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Privacy Policy" />
      <LegalDocumentView document={privacyPolicy} />
    </>
  );
}
