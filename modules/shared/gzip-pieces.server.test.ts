import { execFileSync } from "node:child_process";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip } from "./accept-encoding";
import { deflatePiece, gzipJoin } from "./gzip-pieces.server";

describe("gzipJoin", () => {
  const frame = `<!DOCTYPE html><html><head><title>Bill</title></head><body>${"<p>Same on every page é ⚡</p>".repeat(300)}`;
  const pieces = [frame, "01-2345-6789", "", `<h1>Bill</h1>${"<tr><td>Line</td><td>Php 1.00</td></tr>".repeat(40)}`, "x", "</body></html>"];

  it("is the gzip of the pieces' text one after the other, short and long, stored and deflated", () => {
    const joined = gzipJoin(pieces.map((p) => deflatePiece(p)));
    expect(zlib.gunzipSync(joined).toString()).toBe(pieces.join(""));
    // The large frame is compressed, not stored.
    expect(joined.length).toBeLessThan(pieces.join("").length / 5);
  });

  it("is read as one stream by gzip itself (its CRC and length checked)", () => {
    const joined = gzipJoin([deflatePiece(pieces[0]!), ...pieces.slice(1)]);
    expect(execFileSync("gzip", ["-dc"], { input: joined }).toString()).toBe(pieces.join(""));
    execFileSync("gzip", ["-t"], { input: joined });
  });

  it("a text compressed per answer refers back to the pieces before it, and still reads back", () => {
    const kept = deflatePiece(frame);
    const alone = gzipJoin([kept, deflatePiece(pieces[3]!)]);
    const against = gzipJoin([kept, pieces[3]!]);
    expect(zlib.gunzipSync(against).toString()).toBe(frame + pieces[3]);
    expect(against.length).toBeLessThan(alone.length);
  });

  it("an empty text is a valid empty gzip", () => {
    expect(zlib.gunzipSync(gzipJoin([])).toString()).toBe("");
  });
});

describe("acceptsGzip", () => {
  it("takes gzip by name or *, not when refused with q=0", () => {
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br, gzip;q=0.5")).toBe(true);
    expect(acceptsGzip("GZIP, deflate")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});
