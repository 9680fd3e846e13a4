// The rich fields of a job opening (requirements, benefits) as an operator writes them, in HTML or in
// Markdown, and as the public reads them: sanitised HTML only. The console's preview and its save run
// this same function, so what the preview shows is exactly what the public page will show.
import "server-only";
import { markdownToHtml } from "./markdown";
import { hasVisibleText, sanitizeJobHtmlWithReport } from "./sanitize";

export const RICH_TEXT_FORMATS = ["html", "markdown"] as const;
export type RichTextFormat = (typeof RICH_TEXT_FORMATS)[number];

export type RenderedRichText = {
  /** Sanitised HTML: what is stored in the column the public pages read. */
  html: string;
  /** What the sanitiser removed, in plain words. */
  removed: string[];
  /** The Markdown the operator wrote (kept beside the HTML), or null for HTML. */
  source: string | null;
  /** True when nothing readable is left once unsafe markup is removed. */
  empty: boolean;
};

export function renderRichText(format: RichTextFormat, text: string): RenderedRichText {
  const unsafe = format === "markdown" ? markdownToHtml(text) : text;
  const { html, removed } = sanitizeJobHtmlWithReport(unsafe);
  return { html, removed, source: format === "markdown" ? text : null, empty: !hasVisibleText(html) };
}
