import { describe, expect, it } from "vitest";
import { smallSiblingName, srcSet } from "../content/gallery";
import { phoneHref } from "./branches";

describe("phoneHref", () => {
  it("turns Philippine mobile and landline numbers into international tel: links", () => {
    expect(phoneHref("0917 555 0101")).toBe("tel:+639175550101");
    expect(phoneHref("(075) 553-0123")).toBe("tel:+63755530123");
    expect(phoneHref("+63 917 555 0101")).toBe("tel:+639175550101");
  });
});

describe("gallery image sizes", () => {
  it("finds the 480 px sibling by original name", () => {
    expect(smallSiblingName("gallery-consumers-960.webp")).toBe("gallery-consumers-480.webp");
    expect(smallSiblingName("gallery-24-7-services-960.webp")).toBe("gallery-24-7-services-480.webp");
    expect(smallSiblingName("poster.webp")).toBeNull();
  });
  it("writes srcset with widths", () => {
    expect(
      srcSet([
        { src: "/storage/a-480.webp", width: 480, height: 270 },
        { src: "/storage/a-960.webp", width: 960, height: 540 },
      ]),
    ).toBe("/storage/a-480.webp 480w, /storage/a-960.webp 960w");
  });
});
