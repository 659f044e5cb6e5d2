// Crash: survey submissions by the demo roll's members (the survey takes only the roll's
// members, each once) while the server is killed with SIGKILL at random moments. A
// submission that got no answer is sent again after the restart, as a phone would. At the
// end every acknowledged submission must be stored exactly once, and the server must have been
// killed at least once (BENCH_KILLS times at most, 8 by default). At most BENCH_ROUNDS
// rounds (40) and BENCH_TIME_LIMIT seconds (300).
// PGlite by default; BENCH_DATABASE=postgres runs it on a private PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPrivatePostgres } from "./lib/private-postgres.mjs";
import { startService } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("crash", timeLimit(300));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const IN_FLIGHT = 4;
const MAX_KILLS = Number(process.env.BENCH_KILLS ?? 8);
const usePostgres = process.env.BENCH_DATABASE === "postgres";
const pg = usePostgres ? await startPrivatePostgres() : null;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-crash-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const env = pg ? { DATABASE_URL: pg.url } : {};

/** Runs one query on the benchmark's database (PGlite: while no server holds the folder). */
async function query(text) {
  if (pg) {
    const { default: pgLib } = await import("pg");
    const client = new pgLib.Client({ connectionString: pg.url });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return (await db.query(text)).rows;
  } finally {
    await db.close();
  }
}

// The first start seeds the demo roll; its members are who answer.
const first = await startService({ dataDir, env });
await first.stop();
const members = await query("select account_number, name from agam_accounts order by account_number");
const TOTAL = Math.min(Number(process.env.BENCH_SUBMISSIONS ?? 500), members.length);
const account = (i) => members[i].account_number;
// The roll's "SURNAME, GIVEN" written the way a member would: given name first.
const nameOf = (i) => members[i].name.split(",").reverse().join(" ").trim();
const body = (i) =>
  JSON.stringify({
    acceptPrivacyNotice: true,
    name: nameOf(i),
    respondentName: nameOf(i),
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
let rounds = 0;
const refused = new Map(); // other answers (422, 429, 5xx): status -> count

while (pending.length && rounds++ < ROUNDS) {
  const service = await startService({ dataDir, env });
  // The kill comes after a random number of this round's answers, while IN_FLIGHT - 1 other
  // submissions are on their way (a timer missed every request of a small run: 30 submissions
  // were all answered before it fired). Up to BENCH_KILLS kills; the rounds after them finish.
  const killAt = kills < MAX_KILLS && pending.length > IN_FLIGHT ? 1 + Math.floor((Math.random() * pending.length) / 2) : -1;
  let answered = 0;
  let killed; // the kill's end, once it is sent
  const answer = () => {
    if (++answered !== killAt || killed) return;
    kills++;
    killed = service.kill();
  };
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
        else {
          refused.set(res.status, (refused.get(res.status) ?? 0) + 1);
          failed.push(i);
        }
        answer();
      } catch {
        failed.push(i); // no answer: the server died mid-request
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  if (killed) await killed;
  else await service.stop();
  pending = failed;
  console.log(
    `round: ${acknowledged.size} acknowledged, ${alreadyStored.size} found stored on resend, ${pending.length} to resend, kills so far ${kills}`,
  );
}

// Count what is stored, through the database itself.
// Only the accounts this benchmark answered for: the demo seed has survey answers of its own.
const ours = new Set(Array.from({ length: TOTAL }, (_, i) => account(i)));
const rows = (await query("select account_number, count(*)::int as n from survey_responses group by 1")).filter((r) =>
  ours.has(r.account_number),
);
pg?.destroy();
const stored = new Map(rows.map((r) => [r.account_number, r.n]));
const lost = [...acknowledged].filter((i) => stored.get(account(i)) !== 1);
const duplicated = rows.filter((r) => r.n > 1);
console.log(
  `submissions ${TOTAL}, attempts ${attempts}, SIGKILLs ${kills}, acknowledged 201: ${acknowledged.size}, stored before their answer was lost: ${alreadyStored.size}`,
);
console.log(`rows stored ${rows.length}, acknowledged but missing ${lost.length}, stored more than once ${duplicated.length}`);
if (refused.size) console.log(`answers other than 201/400 (resent): ${JSON.stringify(Object.fromEntries(refused))}`);
verdict(
  !lost.length && !duplicated.length && rows.length === TOTAL && pending.length === 0 && kills > 0,
  `every submission stored exactly once within ${ROUNDS} rounds (acknowledged ones never lost), with at least one SIGKILL`,
  `${TOTAL} submissions, ${rows.length} stored, ${lost.length} missing, ${duplicated.length} duplicated, ${pending.length} unsent after ${Math.min(rounds, ROUNDS)} rounds, ${kills} kills`,
);
