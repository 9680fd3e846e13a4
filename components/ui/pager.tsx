// The links under a paged list: to the newer and the older page (plain links, so paging works without
// JavaScript), the list's filters kept in each address, and how many there are in all where that is cheap.
import { Link } from "@/components/i18n/link";
import type { Locale } from "@/i18n/locales";
import { getTranslator } from "@/lib/i18n/translator";
import type { Page } from "@/lib/paging/cursor";
import styles from "./pager.module.css";

export type PagerProps = {
  locale: Locale;
  /** The list's address, e.g. "/ops/requests". */
  path: string;
  /** The filters the list was read with, kept in both links (empty values are left out). */
  query?: Record<string, string | undefined>;
  page: Pick<Page<unknown>, "next" | "previous">;
  /** How many rows the list has under its filters, when that is cheap to know. */
  total?: number;
  /** The address's name for the cursor, where one page has two paged lists (default "cursor"). */
  param?: string;
  /** The navigation's name, where one page has two paged lists (default "Pages"). */
  label?: string;
};

/** The address of the page at `cursor` (the first page without one). */
export function pageHref(path: string, query: Record<string, string | undefined>, cursor: string | null, param = "cursor"): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value && key !== param) params.set(key, value);
  if (cursor) params.set(param, cursor);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export function Pager({ locale, path, query = {}, page, total, param = "cursor", label }: PagerProps) {
  const t = getTranslator(locale, "common");
  if (!page.next && !page.previous && total === undefined) return null;
  return (
    <nav className={styles.pager} aria-label={label ?? t("paging.label")}>
      {total !== undefined ? <p className={styles.total}>{t("paging.inAll", { count: total })}</p> : null}
      <ul className={styles.links}>
        {page.previous ? (
          <li>
            <Link href={pageHref(path, query, page.previous, param)} rel="prev" prefetch={false} data-testid="page-previous">
              ← {t("paging.previous")}
            </Link>
          </li>
        ) : null}
        {page.previous ? (
          <li>
            <Link href={pageHref(path, query, null, param)} prefetch={false}>
              {t("paging.first")}
            </Link>
          </li>
        ) : null}
        {page.next ? (
          <li>
            <Link href={pageHref(path, query, page.next, param)} rel="next" prefetch={false} data-testid="page-next">
              {t("paging.next")} →
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
