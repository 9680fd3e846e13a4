// A PDF's text as a reader sees it, page by page joined with spaces (pdf.js's own text extraction), for
// tests that look for the fields an invoice must carry.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.cleanup();
  // One space for any run of white space (the PDF's and formatting's no-break spaces too), as a reader sees it.
  return pages.join("\n").replace(/[\s\u00a0\u202f]+/g, " ");
}
