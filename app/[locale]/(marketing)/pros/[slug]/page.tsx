// /pros/{slug} – a handyman's public profile, drawn on the server on every request (its reviews page by
// a signed keyset cursor in the address, ?cursor=…, lib/paging). The proxy answers a removed or suspended handyman's
// page 410 and an unknown (or malformed) slug's 404 (lib/handymen/profile-path.ts); the page shows that
// the profile is gone, or the not-found content, itself.
import type { Metadata } from "next";
import { cache } from "react";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { GoneProfile, PublicProfileView, profileWords } from "@/components/pros/public-profile";
import { localeOf } from "@/i18n/locales";
import { formatHourlyPrice } from "@/lib/format";
import { listProfileReviews, lookUpProfile } from "@/lib/handymen/profile";
import { profilePath } from "@/lib/handymen/profile-path";
import { pageMetadata } from "@/lib/i18n/metadata";
import { getTranslator } from "@/lib/i18n/translator";

type Props = { params: Promise<{ locale: string; slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Metadata and page ask for the same profile; one read serves both.
const loadProfile = cache((slug: string) => lookUpProfile(slug));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: requested, slug } = await params;
  const locale = localeOf(requested);
  const found = await loadProfile(slug);
  const t = getTranslator(locale, "pro");
  if (found.kind === "gone") return { title: t("page.goneTitle"), robots: { index: false } };
  if (found.kind !== "listed") return { robots: { index: false } };
  const { profile } = found;
  const words = { name: profile.name, ...profileWords(profile, locale) };
  return pageMetadata(locale, profilePath(profile.slug), {
    title: t("page.metaTitle", words),
    description: t("page.metaDescription", { ...words, price: formatHourlyPrice(profile.hourlyPrice, locale) }),
  });
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { locale: requested, slug } = await params;
  const locale = localeOf(requested);
  const found = await loadProfile(slug);
  if (found.kind === "gone") return <GoneProfile locale={locale} />;
  // The proxy has answered this request 404; the not-found content is drawn here, on the server.
  if (found.kind !== "listed") return <NotFoundContent locale={locale} />;
  const page = await listProfileReviews(found.profile.id, (await searchParams).cursor);
  return <PublicProfileView profile={found.profile} page={page} locale={locale} />;
}
