// Markdown an operator writes for an opening's requirements and benefits, turned into HTML with marked
// (GitHub-flavoured: lists, emphasis, links, headings). The HTML it gives is never trusted as is: it goes
// through the same sanitiser as every stored fragment (lib/careers/sanitize.ts) before it is stored, so
// raw HTML inside the Markdown is cleaned like any other.
import { Marked } from "marked";

// One instance of our own, so no other module's marked.use() can change how openings are rendered.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The HTML of a Markdown source (unsanitised). */
export function markdownToHtml(source: string): string {
  return marked.parse(source, { async: false });
}
