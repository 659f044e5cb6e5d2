/** The request log's batches: every line whole and in order, in UTF-8, each batch handed over once and never written into again. */
import { describe, expect, it } from "vitest";
import { BatchedLines } from "../../server/request-log";

describe("BatchedLines", () => {
  it("hands over whole lines in order, in UTF-8, in batches it never touches again", () => {
    const handed: Buffer[] = [];
    const copies: string[] = [];
    const lines = new BatchedLines(
      {
        write: (bytes: Buffer) => {
          handed.push(bytes);
          copies.push(bytes.toString("utf8"));
        },
      },
      64,
    );
    const written = ['{"msg":"Pagsusuri sa Dasol, Señor"}\n', '{"msg":"⚡ brownout"}\n', `${"x".repeat(100)}\n`, '{"end":1}\n'];
    for (const line of written) lines.write(line);
    lines.flush();
    lines.flush(); // nothing pending: nothing handed over
    expect(handed.map((b) => b.toString("utf8")).join("")).toBe(written.join(""));
    // Each batch reads the same as when it was handed over: later lines went into a new buffer.
    expect(handed.map((b) => b.toString("utf8"))).toEqual(copies);
    // No batch over its size but the line longer than a whole batch, which goes alone.
    for (const b of handed) expect(b.length <= 64 || b.toString("utf8") === written[2]).toBe(true);
    expect(handed.every((b) => b.toString("utf8").endsWith("\n"))).toBe(true);
  });
});
