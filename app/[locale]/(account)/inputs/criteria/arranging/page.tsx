import { localeOf } from "@/i18n/locales";
import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PageNotice } from "@/components/auth/page-notice";
import { ArrangingResult } from "@/components/requests/arranging-result";
import styles from "@/components/requests/request.module.css";
import { requireUser } from "@/lib/auth/current-user";
import { findConfirmationView } from "@/lib/requests/details";
import { profileLinksFor } from "@/lib/handymen/profile";
import { listRatingBases } from "@/lib/handymen/queries";

export async function generateMetadata({ params }: PageProps<"/[locale]/inputs/criteria/arranging">): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: "request.arranging" });
  return { title: t("metaTitle") };
}

export default async function ArrangingPage({ params, searchParams }: PageProps<"/[locale]/inputs/criteria/arranging">) {
  const { locale } = await params;
  setRequestLocale(localeOf(locale));
  const t = await getTranslations("request.arranging");
  const { input } = await searchParams;
  // Only the request id is read from the URL; the handyman is worked out again from the stored request.
  // An id that is not one of the user's requests (or not an id at all) leaves nothing to show.
  const requestId = typeof input === "string" ? input.trim() : undefined;
  // The top of the request's ranking, its size and who holds the request, as the server ranks them.
  const view = await findConfirmationView(await requireUser(), requestId);
  const shown = view ? [...view.top, ...(view.holder ? [view.holder] : [])] : [];
  const [profiles, ratings] = await Promise.all([profileLinksFor(shown, localeOf(locale)), listRatingBases(shown.map((handyman) => handyman.id))]);
  return (
    <div className={styles.page}>
      <h1>{t("title")}</h1>
      <PageNotice />
      <ClientMessages namespaces={["request", "dashboard", "job"]}>
        <ArrangingResult requestId={requestId} view={view} profiles={profiles} ratings={ratings} />
      </ClientMessages>
    </div>
  );
}
