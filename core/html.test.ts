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
  });
});
