// /job-openings – every opening, grouped by department. Kept in Next.js's cache (incremental static
// regeneration) and served from it to every visitor without a session, with the Content-Security-Policy
// the cache handler computed for it (lib/cache/page-cache-handler.mjs); an edit in the operator console
// expires it with the openings' tag (lib/cache/index.ts), and it is rendered again after REVALIDATE_SECONDS
// at the latest. `next build` reads no database (see docs/operations.md on PGlite): the copy it writes holds no
// openings and is never served. The page's words follow its language, and so does each opening that has a
// version in it; the others are shown in English, marked as such.
import type { Metadata } from "next";
import { JobOpeningsList } from "@/components/careers/job-openings-list";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/careers/careers.module.css";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/i18n/locales";
import { careersCopy } from "@/lib/careers/copy";
import { absoluteAlternates } from "@/lib/careers/metadata";
import { groupOpeningSummariesIn } from "@/lib/careers/queries";
import { cityLabel, cityList } from "@/lib/requests/words";
import { formatList } from "@/lib/format";
import { OPEN_GRAPH_LOCALE } from "@/lib/i18n/metadata";
import { CITIES } from "@/lib/requests/catalogue";
import { configuredSiteOrigin } from "@/lib/site/site-origin";
import { duringBuild } from "@/lib/site/build-phase";

type Props = { params?: Promise<{ locale?: string }> };

const PATH = "/job-openings";

/** Rendered again at the latest this long after it was kept (changes made outside the app, e.g. in SQL). */
export const revalidate = 300;

async function localeOf(params: Props["params"]): Promise<Locale> {
  const locale = (await params)?.locale;
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

export async function generateMetadata({ params }: Props = {}): Promise<Metadata> {
  const locale = await localeOf(params);
  const { t } = await careersCopy(locale);
  const alternates = absoluteAlternates(configuredSiteOrigin(), locale, PATH);
  const description = t("list.meta.description", {
    places: formatList([...CITIES.map((city) => cityLabel(city, locale)), t("list.remote")], "and", locale),
  });
  return {
    title: t("list.meta.title"),
    description,
    alternates,
    openGraph: {
      type: "website",
      siteName: "Fixwell",
      title: t("list.meta.socialTitle"),
      description,
      url: alternates.canonical,
      locale: OPEN_GRAPH_LOCALE[locale],
    },
  };
}

export default async function JobOpeningsPage({ params }: Props = {}) {
  const locale = await localeOf(params);
  const copy = await careersCopy(locale);
  const groups = duringBuild() ? [] : await groupOpeningSummariesIn(locale);
  const someInEnglishOnly = groups.some((group) => group.openings.some((opening) => opening.contentLocale !== locale));
  return (
    <>
      <PageHeader eyebrow={copy.t("list.eyebrow")} title={copy.t("list.title")} lead={copy.t("list.lead", { cities: cityList("and", locale) })} />
      <div className={`container ${styles.page}`}>
        {someInEnglishOnly ? <p className={styles.languageNotice}>{copy.t("list.englishOnly")}</p> : null}
        <JobOpeningsList groups={groups} copy={copy} />
      </div>
    </>
  );
}
