import { serializeJsonLd } from "@/lib/careers/json-ld";

/** Structured data for search engines, serialised so that nothing in it can end the script element. */
export function JsonLdScript({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
