import { describe, expect, it } from "vitest";
import { DatabaseOutage } from "./outage";

const refused = Object.assign(new Error("Failed query: select 1"), {
  cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
});

describe("database outage log", () => {
  it("logs the start once and the end once with counts, stale answers at debug", async () => {
    const lines: { level: string; o: Record<string, unknown>; msg: string }[] = [];
    const log = {
      error: (o: object, msg: string) => lines.push({ level: "error", o: o as Record<string, unknown>, msg }),
      debug: (o: object, msg: string) => lines.push({ level: "debug", o: o as Record<string, unknown>, msg }),
    } as never;
    let up = false;
    let pinged!: () => void;
    const outage = new DatabaseOutage(
      async () => {
        pinged?.();
        return up;
      },
      log,
      5,
    );
    expect(outage.failed(new Error("a bug"))).toBe(false);
    for (let i = 0; i < 1000; i++) expect(outage.failed(refused)).toBe(true);
    outage.servedStale("/rates");
    outage.servedStale("/rates");
    expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
    expect(lines[0]!.o).toEqual({ cause: "connect ECONNREFUSED 127.0.0.1:5432" });
    up = true;
    // The next ping answers: the end is logged once.
    await new Promise<void>((resolve) => (pinged = resolve));
    await new Promise((r) => setTimeout(r, 20));
    const errors = lines.filter((l) => l.level === "error");
    expect(errors.map((l) => l.msg)).toEqual([expect.stringMatching(/^database unavailable/), "database available again"]);
    expect(errors[1]!.o).toMatchObject({ failedRequests: 1000, staleAnswers: 2 });
    expect(lines.filter((l) => l.level === "debug")).toHaveLength(2);
    expect(outage.down).toBe(false);
  });
});
