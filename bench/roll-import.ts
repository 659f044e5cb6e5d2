// The member roll at full size: 100,000 generated members imported through the console's own
// code (modules/members/roll.server.ts) on PGlite, then imported again (every row an update), then
// the public look-up measured: the API and the registration page, a few hundred each. Usage:
//   npm run bench:roll-import [-- MEMBERS LOOKUPS]   (defaults 100000 300)
// Must show: each import under 60 s on this machine, look-ups still a few milliseconds.

import { ROLL_COLUMNS } from "../modules/members/roll";
import { importRollCsv } from "../modules/members/roll.server";
import { AGAM_DISTRICTS } from "../modules/shared/constants";
import { startInProcess } from "./lib/in-process";
import { limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("roll-import", timeLimit(600));
const MAX_IMPORT_SECONDS = 60;
const MAX_LOOKUP_P95_MS = Number(process.env.BENCH_MAX_LOOKUP_MS ?? 50);

const members = Number(process.argv[2] ?? 100_000);
const lookups = Number(process.argv[3] ?? 300);

/** Member i: district 1 to 9 in turn, account 0d-50xx-xxxx (no demo account has 50xx). */
function rollCsv(n: number, suffix: string): string {
  const lines = [ROLL_COLUMNS.join(",")];
  for (let i = 0; i < n; i++) {
    const d = AGAM_DISTRICTS[i % 9]!;
    const account = `0${d.district}-${5000 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")}`;
    const mobile = i % 5 === 0 ? "" : `0917${String(1_000_000 + i).slice(-7)}`;
    lines.push(`${account},"MEMBER ${i}, ${suffix}",B-${i},"Purok ${i % 7}, ${d.town}, Pangasinan",${d.town},${d.district},${mobile}`);
  }
  return `${lines.join("\n")}\n`;
}

const accountOf = (i: number) => `0${(i % 9) + 1}-${5000 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, "0")}`;

const { app, stop } = await startInProcess("roll", { ALERTS_WORKER: "off" });
const db = app.deps.database.db;
const results: Record<string, unknown> = { members, database: app.deps.database.kind };

for (const [label, suffix] of [
  ["firstImport", "JUAN"],
  ["reImport", "JUAN P."],
] as const) {
  const csv = rollCsv(members, suffix);
  const start = performance.now();
  const result = await importRollCsv(db, csv);
  const seconds = (performance.now() - start) / 1000;
  if (!result.ok) throw new Error(result.error);
  results[label] = {
    seconds: +seconds.toFixed(2),
    rowsPerSecond: Math.round(members / seconds),
    added: result.summary.added,
    updated: result.summary.updated,
    refused: result.summary.refused.length,
    csvMegabytes: +(csv.length / 1e6).toFixed(1),
  };
  console.log(label, JSON.stringify(results[label]));
}

const percentile = (xs: number[], p: number) =>
  +[...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!.toFixed(2);
async function measure(label: string, run: (i: number) => Promise<{ statusCode: number; body: string }>, check: (body: string) => boolean) {
  for (let i = 0; i < 20; i++) await run(i * 7919); // warm
  const times: number[] = [];
  for (let k = 0; k < lookups; k++) {
    const i = (k * 7919 + 13) % members;
    const start = performance.now();
    const res = await run(i);
    times.push(performance.now() - start);
    if (res.statusCode !== 200 || !check(res.body))
      throw new Error(`${label} ${accountOf(i)}: ${res.statusCode} ${res.body.slice(0, 600)}`);
  }
  results[label] = { lookups, p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: percentile(times, 1) };
  console.log(label, JSON.stringify(results[label]));
}

await measure(
  "apiLookup",
  (i) => app.inject({ url: `/api/v1/agam/pool/check-account-number/${accountOf(i)}` }),
  (body) => JSON.parse(body).result.length === 1,
);
await measure(
  "pageLookup",
  (i) =>
    app.inject({
      method: "POST",
      url: "/agam-registration",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `intent=lookup&account=${accountOf(i)}`,
    }),
  // The member was found: the page goes on to the second factor, not "Account doesn't exist!".
  (body) => !body.includes("Account doesn&#x27;t exist!") && !body.includes("Account doesn't exist!") && body.includes("agam-status"),
);

console.log(JSON.stringify(results));
await stop();
const seconds = (k: string) => (results[k] as { seconds: number }).seconds;
const p95 = (k: string) => (results[k] as { p95Ms: number }).p95Ms;
verdict(
  seconds("firstImport") < MAX_IMPORT_SECONDS &&
    seconds("reImport") < MAX_IMPORT_SECONDS &&
    p95("apiLookup") <= MAX_LOOKUP_P95_MS &&
    p95("pageLookup") <= MAX_LOOKUP_P95_MS,
  `${members} members: each import under ${MAX_IMPORT_SECONDS} s, look-ups p95 ≤ ${MAX_LOOKUP_P95_MS} ms`,
  `imports ${seconds("firstImport")} s and ${seconds("reImport")} s, look-up p95 ${p95("apiLookup")} ms (API) and ${p95("pageLookup")} ms (page)`,
);
