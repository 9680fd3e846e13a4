// The sanitiser's report for the console's preview and save: the same HTML as the public pages get, and
// in plain words what was taken out. Markdown is turned into HTML and then sanitised the same way.
import { describe, expect, it } from "vitest";
import { markdownToHtml } from "../../lib/careers/markdown";
import { hasVisibleText, sanitizeJobHtml, sanitizeJobHtmlWithReport } from "../../lib/careers/sanitize";
import { renderRichText } from "../../lib/careers/rich-text";

const HOSTILE = `<p>ok</p><script>alert(1)</script><a href="javascript:x" onclick="y">z</a>`;

describe("sanitizeJobHtmlWithReport", () => {
  it("gives exactly what sanitizeJobHtml gives, for hostile and harmless input alike", () => {
    for (const html of [HOSTILE, "<h1>Title</h1><ul><li>one</li></ul>", `<a href="https://fixwell.example">site</a>`, "plain text", ""]) {
      expect(sanitizeJobHtmlWithReport(html).html).toBe(sanitizeJobHtml(html));
    }
  });

  it("says in plain words what was removed from hostile HTML", () => {
    const report = sanitizeJobHtmlWithReport(HOSTILE);
    expect(report.html).toBe("<p>ok</p>z");
    expect(report.removed).toEqual(["removed <script> element", "removed onclick attribute from <a>", "removed link javascript:x"]);
  });

  it("names removed elements, attributes and comments, counting repeats, and never the document skeleton", () => {
    const report = sanitizeJobHtmlWithReport(`<div class="x"><p style="color:red">a</p></div><!-- note --><img src=x onerror=alert(1)><img src=y><iframe src="https://x.example"></iframe>`);
    expect(report.removed).toEqual([
      "removed <div> element",
      "removed style attribute from <p>",
      "removed an HTML comment",
      "removed <img> element (2 times)",
      "removed <iframe> element",
    ]);
    expect(report.removed.join(" ")).not.toMatch(/<body>|<html>|<head>/);
    expect(report.html).toBe("<p>a</p>");
  });

  it("shortens a long removed link", () => {
    const report = sanitizeJobHtmlWithReport(`<a href="javascript:${"a".repeat(100)}">x</a>`);
    expect(report.removed).toHaveLength(1);
    expect(report.removed[0].length).toBeLessThan(60);
    expect(report.removed[0]).toMatch(/^removed link javascript:a+…$/);
  });

  it("reports nothing for markup the public page allows", () => {
    expect(sanitizeJobHtmlWithReport(`<h3>Must haves</h3><p><strong>Go</strong> and <em>SQL</em></p><ol><li><a href="mailto:jobs@fixwell.example">mail</a></li></ol>`).removed).toEqual([]);
  });
});

describe("hasVisibleText", () => {
  it("is false for nothing but empty tags and spaces", () => {
    expect(hasVisibleText("")).toBe(false);
    expect(hasVisibleText("<p> </p><ul><li>&nbsp;</li></ul>")).toBe(false);
    expect(hasVisibleText("<p>x</p>")).toBe(true);
  });
});

describe("Markdown", () => {
  it("turns lists, emphasis, headings and links into HTML", () => {
    const html = markdownToHtml("## Must haves\n\n- **Go** experience\n- a [portfolio](https://fixwell.example/work)\n\n*Nice*: SQL");
    expect(html).toContain("<h2>Must haves</h2>");
    expect(html).toContain("<li><strong>Go</strong> experience</li>");
    expect(html).toContain('<a href="https://fixwell.example/work">portfolio</a>');
    expect(html).toContain("<em>Nice</em>");
  });

  it("is sanitised like HTML before it is stored: raw HTML and javascript: links inside it are removed and reported", () => {
    const rendered = renderRichText("markdown", "- one\n- [two](javascript:alert(1))\n\n<script>alert(2)</script>\n\n<img src=x onerror=alert(3)>");
    expect(rendered.html).not.toMatch(/script|onerror|javascript|<img/i);
    expect(rendered.html).toContain("<li>one</li>");
    expect(rendered.source).toBe("- one\n- [two](javascript:alert(1))\n\n<script>alert(2)</script>\n\n<img src=x onerror=alert(3)>");
    expect(rendered.removed).toContain("removed <script> element");
    expect(rendered.removed).toContain("removed <img> element");
    expect(rendered.empty).toBe(false);
  });

  it("keeps headings below the page's own: # becomes <h3>", () => {
    expect(renderRichText("markdown", "# Big").html).toBe("<h3>Big</h3>");
  });

  it("keeps no source for HTML, and flags HTML that is nothing but script as empty", () => {
    const rendered = renderRichText("html", "<script>alert(1)</script>");
    expect(rendered).toEqual({ html: "", removed: ["removed <script> element"], source: null, empty: true });
  });
});
