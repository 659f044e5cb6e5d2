import { describe, expect, test } from "vitest";
import { byMonth, byTown, monthsBetween, readSurveyFilter, type ScoredAnswer, summarize } from "./survey-stats";

const answer = (city: string, month: string, s: (number | null)[]): ScoredAnswer => ({
  city,
  month,
  scores: {
    reconnectionTime: s[0] ?? null,
    serviceReturnSpeed: s[1] ?? null,
    voltageIssues: s[2] ?? null,
    reconnectionAfterPayment: s[3] ?? null,
    serviceCourtesy: s[4] ?? null,
  },
});

// Hand-made: three answers in Bani (two in March, one in April), one in Agno in April.
const rows = [
  answer("BANI", "2026-03", [4, 4, 3, 2, 4]),
  answer("BANI", "2026-03", [2, null, 3, 2, 1]),
  answer("BANI", "2026-04", [4, 1, null, null, 4]),
  answer("AGNO", "2026-04", [1, 1, 1, 1, 1]),
];

describe("summarize", () => {
  test("counts each choice and averages the scores of those who answered", () => {
    const all = summarize(rows);
    expect(all.answers).toBe(4);
    const reconnection = all.questions.find((q) => q.name === "reconnectionTime")!;
    // 4, 2, 4, 1: two chose the first option (score 4), one the third (2), one the last (1).
    expect(reconnection.choices.map((c) => [c.score, c.count])).toEqual([
      [4, 2],
      [3, 0],
      [2, 1],
      [1, 1],
    ]);
    expect(reconnection.choices[0]!.label).toBe("within 48 hours");
    expect(reconnection.answered).toBe(4);
    expect(reconnection.average).toBe(11 / 4);
    // 4, skipped, 1, 1: the skipped answer is neither counted nor averaged.
    const speed = all.questions.find((q) => q.name === "serviceReturnSpeed")!;
    expect(speed.answered).toBe(3);
    expect(speed.average).toBe(2);
    expect(speed.choices.map((c) => c.count)).toEqual([1, 0, 0, 2]);
    const voltage = all.questions.find((q) => q.name === "voltageIssues")!;
    expect(voltage.average).toBe(7 / 3);
    // Every score given, by row: 17 (5 scores) + 8 (4) + 9 (3) + 5 (5) = 39 over 17 scores.
    expect(all.average).toBe(39 / 17);
  });

  test("no answers: zero counts and no average, not NaN", () => {
    const none = summarize([]);
    expect(none.answers).toBe(0);
    expect(none.average).toBeNull();
    expect(none.questions.every((q) => q.average === null && q.answered === 0 && q.choices.every((c) => c.count === 0))).toBe(true);
  });

  test("a score outside 1 to 4 is not counted", () => {
    const odd = summarize([answer("BANI", "2026-03", [5, 0, 4, null, null])]);
    expect(odd.questions[0]!.answered).toBe(0);
    expect(odd.questions[1]!.answered).toBe(0);
    expect(odd.average).toBe(4);
  });
});

describe("by town and by month", () => {
  test("every town, zero answers included, each with its own figures", () => {
    const towns = byTown(rows);
    expect(towns).toHaveLength(9);
    expect(towns.map((t) => t.label)).toContain("Alaminos City");
    const bani = towns.find((t) => t.key === "BANI")!;
    expect(bani.answers).toBe(3);
    expect(bani.questions[0]!.average).toBe(10 / 3);
    const agno = towns.find((t) => t.key === "AGNO")!;
    expect(agno.answers).toBe(1);
    expect(agno.average).toBe(1);
    expect(towns.find((t) => t.key === "DASOL")!.average).toBeNull();
  });

  test("every month of the period in order", () => {
    const months = byMonth(rows, { year: 2026, month: 2 }, { year: 2026, month: 4 });
    expect(months.map((m) => [m.label, m.answers])).toEqual([
      ["February 2026", 0],
      ["March 2026", 2],
      ["April 2026", 2],
    ]);
    // March: 4,4,3,2,4 and 2,3,2,1 → 17 + 8 = 25 over 9 scores.
    expect(months[1]!.average).toBe(25 / 9);
    // April, courtesy: 4 and 1.
    expect(months[2]!.questions[4]!.average).toBe(2.5);
  });

  test("months across a new year", () => {
    expect(monthsBetween({ year: 2025, month: 11 }, { year: 2026, month: 2 }).map((m) => `${m.year}-${m.month}`)).toEqual([
      "2025-11",
      "2025-12",
      "2026-1",
      "2026-2",
    ]);
  });
});

describe("the results page's filter", () => {
  const today = { year: 2026, month: 11 };
  test("defaults to the twelve months up to this one, all towns", () => {
    const f = readSurveyFilter(new URLSearchParams(), today);
    expect(f).toEqual({ from: { year: 2025, month: 12 }, to: { year: 2026, month: 11 }, town: null, q: "" });
  });
  test("reads a period, a town and search words; ignores what is not one", () => {
    const f = readSurveyFilter(new URLSearchParams("from=2026-01&to=2026-03&town=BANI&q=%20brownout%20"), today);
    expect(f).toEqual({ from: { year: 2026, month: 1 }, to: { year: 2026, month: 3 }, town: "BANI", q: "brownout" });
    const bad = readSurveyFilter(new URLSearchParams("from=2026-13&to=nope&town=Manila"), today);
    expect(bad.town).toBeNull();
    expect(bad.to).toEqual(today);
    expect(bad.from).toEqual({ year: 2025, month: 12 });
  });
  test("a period ending before it starts falls back to twelve months", () => {
    const f = readSurveyFilter(new URLSearchParams("from=2026-06&to=2026-03"), today);
    expect(f.from).toEqual({ year: 2025, month: 4 });
  });
});
