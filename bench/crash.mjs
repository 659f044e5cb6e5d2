// Crash: 500 survey submissions while the server is killed with SIGKILL at random
// moments. A submission that got no answer is sent again after the restart, as a
// phone would. At the end every acknowledged submission must be stored exactly once.
// PGlite by default; BENCH_DATABASE=postgres runs it on a private PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { startService } from "./lib/service.mjs";

const TOTAL = Number(process.env.BENCH_SUBMISSIONS ?? 500);
const IN_FLIGHT = 4;
const usePostgres = process.env.BENCH_DATABASE === "postgres";
const pg = usePostgres ? await startPrivatePostgres() : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-crash-"));
const env = pg ? { DATABASE_URL: pg.url } : {};

const account = (i) => `09-${String(1000 + Math.floor(i / 1000)).padStart(4, "0")}-${String(i % 10000).padStart(4, "0")}`;
const body = (i) =>
  JSON.stringify({
    acceptPrivacyNotice: true,
    name: `Member ${i}`,
    respondentName: `Member ${i}`,
    city: "DASOL",
    accountNumber: account(i),
    email: `m${i}@example.ph`,
    contactNumber: "09171234567",
    reconnectionTime: 4,
    serviceReturnSpeed: 3,
    voltageIssues: 2,
    reconnectionAfterPayment: 1,
    serviceCourtesy: 4,
    suggestions: "crash test",
  });

const acknowledged = new Set(); // 201 received
const alreadyStored = new Set(); // 400 on a resend: the first try had been stored
let pending = Array.from({ length: TOTAL }, (_, i) => i);
let kills = 0;
let attempts = 0;

while (pending.length) {
  const service = await startService({ dataDir, env });
  const killAfter = 100 + Math.random() * 400;
  let killed = false;
  const killer = setTimeout(async () => {
    killed = true;
    kills++;
    await service.kill();
  }, killAfter);
  const queue = [...pending];
  const failed = [];
  const worker = async () => {
    while (queue.length) {
      const i = queue.shift();
      attempts++;
      try {
        const res = await fetch(`${service.url}/api/v1/customer-satisfaction-survey`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: body(i),
        });
        if (res.status === 201) acknowledged.add(i);
        else if (res.status === 400) alreadyStored.add(i);
        else failed.push(i);
      } catch {
        failed.push(i); // no answer: the server died mid-request
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  clearTimeout(killer);
  if (!killed) await service.stop();
  else await new Promise((r) => setTimeout(r, 200));
  pending = failed;
  console.log(
    `round: ${acknowledged.size} acknowledged, ${alreadyStored.size} found stored on resend, ${pending.length} to resend, kills so far ${kills}`,
  );
}

// Count what is stored, through the database itself.
let rows;
if (pg) {
  const { default: pgLib } = await import("pg");
  const client = new pgLib.Client({ connectionString: pg.url });
  await client.connect();
  rows = (await client.query("select account_number, count(*)::int as n from survey_responses group by 1")).rows;
  await client.end();
  pg.destroy();
} else {
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  rows = (await db.query("select account_number, count(*)::int as n from survey_responses group by 1")).rows;
  await db.close();
}
const stored = new Map(rows.map((r) => [r.account_number, r.n]));
const lost = [...acknowledged].filter((i) => stored.get(account(i)) !== 1);
const duplicated = rows.filter((r) => r.n > 1);
console.log(
  `submissions ${TOTAL}, attempts ${attempts}, SIGKILLs ${kills}, acknowledged 201: ${acknowledged.size}, stored before their answer was lost: ${alreadyStored.size}`,
);
console.log(`rows stored ${rows.length}, acknowledged but missing ${lost.length}, stored more than once ${duplicated.length}`);
fs.rmSync(dataDir, { recursive: true, force: true });
if (lost.length || duplicated.length || rows.length !== TOTAL) {
  console.log("FAIL");
  process.exitCode = 1;
} else console.log("PASS: every acknowledged submission is stored exactly once");
