"use client";
// next/link that stays in the page's language: on a Dutch page href="/signup" goes to /nl/signup. It
// reads the language from the [locale] segment, so it works in server and client components alike and
// needs no message provider. Addresses outside the pages (/api/…, other sites, #anchors) are left as given.
import NextLink from "next/link";
import type { ComponentProps } from "react";
import { localizeHref, usePageLocale } from "./page-locale";

export { localizeHref, usePageLocale };

export function Link({ href, ...props }: ComponentProps<typeof NextLink>) {
  const locale = usePageLocale();
  const localized = typeof href === "string" ? localizeHref(locale, href) : href;
  return <NextLink href={localized} {...props} />;
}
