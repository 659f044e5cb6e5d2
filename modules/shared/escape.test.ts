import { describe, expect, it } from "vitest";
import { escapeHtml, escapeHtmlText, escapeLike, escapeXml } from "./escape";

describe("escapeXml", () => {
  it("escapes the five XML specials, ampersand first", () => {
    expect(escapeXml(`Tom & "Jerry's" <b>&amp;</b>`)).toBe("Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;&amp;amp;&lt;/b&gt;");
  });

  it("drops characters XML 1.0 forbids and keeps the rest, astral characters included", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\uFFFEe\uD800f")).toBe("abcdef");
    expect(escapeXml("tab\there\nnew\rline é ⚡ 😀")).toBe("tab\there\nnew\rline é ⚡ 😀");
  });
});

describe("escapeHtml", () => {
  it("escapes text and attribute specials", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
    expect(escapeHtml("plain")).toBe("plain");
  });
});

describe("escapeHtmlText", () => {
  it("escapes what element content needs and leaves quotes as typed", () => {
    expect(escapeHtmlText(`Tom & "Jerry's" <b>`)).toBe(`Tom &amp; "Jerry's" &lt;b&gt;`);
  });
});

describe("escapeLike", () => {
  it("makes %, _ and backslash literal", () => {
    expect(escapeLike("50%_off\\now")).toBe("50\\%\\_off\\\\now");
    expect(escapeLike("Bani feeder")).toBe("Bani feeder");
  });
});
