import type { Metadata } from "next";
import { LegalDocumentView } from "@/components/marketing/legal-document";
import { PageHeader } from "@/components/marketing/page-header";
import { termsOfService } from "@/lib/content/legal";

export const metadata: Metadata = {
  title: "Terms of Service",
  description: "The rules for using Fixwell, in plain language: your account, repair requests, fair use and your rights.",
};

export default function TermsOfServicePage() {
  return (
    <>
      <PageHeader eyebrow="Legal" title="Terms of Service" />
      <LegalDocumentView document={termsOfService} />
    </>
  );
}
