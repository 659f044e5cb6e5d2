import { describe, expect, it } from "vitest";
import { sanitize, toPlainText } from "./html";

describe("sanitize", () => {
  it("drops scripts, event handlers and javascript: links", () => {
    const out = sanitize(`<p onclick="x()">Hi<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>`);
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain("<p>Hi");
  });
  it("keeps the formatting content needs", () => {
    expect(sanitize("<ul><li><strong>Bani</strong>: Poblacion</li></ul>")).toBe("<ul><li><strong>Bani</strong>: Poblacion</li></ul>");
  });
  it("gives plain text", () => {
    expect(toPlainText("<p>Line <b>one</b></p>\n<p>two</p>")).toBe("Line one two");
    expect(toPlainText("<p>one.</p><p>Two</p><ul><li>a</li><li>b</li></ul>")).toBe("one. Two a b");
    // Text, not escaped HTML: an SMS or a feed must never read "&amp;".
    expect(toPlainText("<p>Poles &amp; lines &lt;69 kV&gt; at Bani&#39;s plaza</p>")).toBe("Poles & lines <69 kV> at Bani's plaza");
  });
});

describe("toStoredHtml and toEditableText", () => {
  it("turns typed text into paragraphs and back", async () => {
    const { toStoredHtml, toEditableText } = await import("./html");
    const typed = "Pole work at km 12\nnear the school\n\nCrews: 2 & a truck";
    const stored = toStoredHtml(typed);
    expect(stored).toBe("<p>Pole work at km 12<br>near the school</p><p>Crews: 2 &amp; a truck</p>");
    expect(toEditableText(stored)).toBe(typed);
    expect(toEditableText("<p><strong>Bani</strong>: Centro</p>")).toBe("<p><strong>Bani</strong>: Centro</p>");
  });

  it("sanitizes HTML that is typed", async () => {
    const { toStoredHtml } = await import("./html");
    expect(toStoredHtml('<p onclick="x()">Hi<script>alert(1)</script></p>')).toBe("<p>Hi</p>");
  });
});
