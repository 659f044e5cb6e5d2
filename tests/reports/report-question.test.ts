/**
 * The report form's question for browsers without JavaScript: the token carries no numbers
 * a bot could add up, one token gets one try (17 answers at once to one token: at most one
 * is right), and "This is mine too" asks the same check as the report itself.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkQuestion, makeQuestion } from "../../app/routes/report/question.server";
import { barangays } from "../../db/schema";
import { fileReport, getIncident } from "../../modules/reports/queries.server";
import { createTestApp, type TestApp } from "../support/app";

const WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
const answerOf = (text: string) => {
  const [, a, b] = /What is (\w+) plus (\w+)\?/.exec(text)!;
  return WORDS.indexOf(a!) + WORDS.indexOf(b!);
};

describe("the report form's question", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ withPages: true, env: { RATE_LIMIT: "off" } });
  });
  afterAll(async () => t?.close());

  it("keeps the numbers out of the token", () => {
    for (let i = 0; i < 50; i++) {
      const q = makeQuestion();
      // Only an expiry, a random nonce and a signature: no encoded object that could hold the
      // numbers (none of its parts decodes to JSON).
      expect(q.token).toMatch(/^\d{13}-[\w-]+\.[\w-]+$/);
      // Its three parts whole: the nonce is base64url and may hold "-", and a piece of it as short as
      // "OA" decodes to "8", which is JSON (about one run in seven failed when split there).
      const parts = [q.token.slice(0, 13), ...q.token.slice(14).split(".")];
      expect(parts).toHaveLength(3);
      for (const part of parts) {
        let decoded: unknown;
        try {
          decoded = JSON.parse(Buffer.from(part, "base64url").toString("latin1"));
        } catch {
          continue;
        }
        // Random bytes may now and then read as a bare number or string (CI once drew one); never
        // as an object or array, which is what could carry the numbers.
        expect(typeof decoded === "object" && decoded !== null, part).toBe(false);
      }
      // The same sum does not give the same token (a nonce), and the sum is not written in it.
      expect(makeQuestion().token).not.toBe(q.token);
      // The body is the expiry and 12 random bytes (16 characters), nothing else: no room for the
      // sum. (Looking for "-<sum>-" in it failed about once a hundred runs: the random part may hold
      // "-7-" by chance.)
      expect(q.token).toMatch(/^\d{13}-[\w-]{16}\.[\w-]{43}$/);
    }
  });

  it("one try per token: 17 answers at once give at most one 'ok', a right answer after a wrong one is refused", async () => {
    const db = t.db.handle.db;
    const q = makeQuestion();
    const results = await Promise.all(Array.from({ length: 17 }, (_, i) => checkQuestion(db, q.token, String(i + 2))));
    const ok = results.filter((r) => r === "ok").length;
    console.info(
      `[figure] 17 simultaneous answers to one question token → ${ok} accepted, ${results.filter((r) => r === "replayed").length} refused as used`,
    );
    expect(ok).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r !== "replayed")).toHaveLength(1);

    const q2 = makeQuestion();
    const right = String(answerOf(q2.text));
    expect(await checkQuestion(db, q2.token, String(Number(right) + 1))).toBe("wrong");
    expect(await checkQuestion(db, q2.token, right)).toBe("replayed");

    const q3 = makeQuestion();
    expect(await checkQuestion(db, q3.token, String(answerOf(q3.text)))).toBe("ok");
    // A token made up with a far expiry is not taken.
    const forged = `${Date.now() + 86_400_000}-${q3.token.slice(14)}`;
    expect(await checkQuestion(db, forged, "5")).toBe("wrong");
  });

  it("“This is mine too” needs the check: none or a wrong answer adds nobody, the right answer adds one", async () => {
    const db = t.db.handle.db;
    const [b] = await db.select({ id: barangays.id }).from(barangays).where(eq(barangays.town, "Bani")).limit(1);
    const filed = await fileReport(db, {
      kind: "no-power",
      barangayId: b!.id,
      landmark: "near the chapel",
      details: "",
      accountNumber: "",
      mobile: "",
    });
    const url = `/report?kind=no-power&barangay=${b!.id}&mine=${filed.incidentId}`;
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:80" },
        payload: new URLSearchParams({ intent: "me-too", incidentId: String(filed.incidentId), ...fields }).toString(),
      });
    const page = await t.app.inject({ method: "GET", url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Add me to this report");
    const token = /name="questionToken" value="([^"]+)"/.exec(page.body)![1]!;
    const text = /What is \w+ plus \w+\?/.exec(page.body)![0];

    const bare = await post({});
    expect(bare.statusCode).toBe(422);
    expect(bare.body).toContain("Please complete the check that you are not a robot.");
    const wrong = await post({ questionToken: token, questionAnswer: String(answerOf(text) + 1) });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.body).toContain("The answer to the question is not right.");
    expect((await getIncident(db, filed.incidentId))?.reportCount).toBe(1);

    const again = await t.app.inject({ method: "GET", url });
    const token2 = /name="questionToken" value="([^"]+)"/.exec(again.body)![1]!;
    const text2 = /What is \w+ plus \w+\?/.exec(again.body)![0];
    const right = await post({ questionToken: token2, questionAnswer: String(answerOf(text2)) });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toMatch(/^\/report\/status\/[A-Za-z0-9_-]{43}\?new=1$/);
    expect((await getIncident(db, filed.incidentId))?.reportCount).toBe(2);
  });
});
