// Payments, exactly once, on PostgreSQL: BENCH_PAYMENTS members (2,000) each pay their bill
// through the site (the portal's pay form: a checkout made at the gateway) and the stand-in
// gateway (server/payments/stand-in.ts: "paid" on its page), which delivers every event 1 to 3
// times, the repeats at random delays, so they arrive out of order, and retries each one until
// the site answers. Meanwhile the site is killed with SIGKILL BENCH_KILLS times (4) and started
// again; a member whose tap got no answer taps again. At the end, with every delivery finished:
// payments made (paid at the gateway), recorded by the site, posted (the billing system's
// payment file with the references, through the billing API), lost (made, not recorded: must
// be 0), doubled (a bill paid twice, or an event applied twice: must be 0), and the p99 of the
// checkout's creation (the pay form's answer, gateway session included).
//   npx tsx bench/payments.mjs          (a private PostgreSQL; DATABASE_URL: a database on that server;
//                                        BENCH_KEEP=1 keeps it at the end)
import crypto from "node:crypto";
import { makeSignature } from "better-auth/crypto";
import pg from "pg";
import { startStandInGateway } from "../server/payments/stand-in.ts";
import { freePort, startService } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("payments", timeLimit(600));
process.env.BENCH_DATABASE_NAME ??= "bench_payments";
const { startBenchDatabase } = await import("./lib/bench-database.mjs");
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2000);
const KILLS = Number(process.env.BENCH_KILLS ?? 4);
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 8);
const P99_LIMIT_MS = Number(process.env.BENCH_MAX_P99_MS ?? 1000);
const AMOUNT = 191_367; // centavos: every bill is Php 1,913.67

const database = await startBenchDatabase();
// BENCH_KEEP=1 leaves the database for a look at the console afterwards (/staff/bills/payments).
if (process.env.BENCH_KEEP === "1") console.log(`The database stays: ${database.url}`);
else atExit(() => void database.drop().catch(() => {}));
const secretKey = `sk_test_bench_${crypto.randomBytes(8).toString("hex")}`;
const webhookSecret = `whsk_test_${crypto.randomBytes(16).toString("hex")}`;
const port = freePort();
const random = (n) => Math.floor(Math.random() * n);
const gateway = await startStandInGateway({
  secretKey,
  webhookSecret,
  webhookUrl: `http://127.0.0.1:${port}/api/v1/payments/webhook`,
  // Each event 1 to 3 times: the first before the payer is sent back, the repeats later, in any order.
  repeats: () => random(3),
  repeatDelayMs: () => random(3000),
  // Long enough to outlast a restart of the site on a busy machine.
  retryDelaysMs: [250, 500, 1000, 2000, 4000, 8000, 16000, 32000],
});
atExit(() => void gateway.close());
const env = {
  DATABASE_URL: database.url,
  SEED_DEMO: "off",
  WEB_CONCURRENCY: "1",
  PAYMENT_GATEWAY_URL: gateway.url,
  PAYMENT_SECRET_KEY: secretKey,
  PAYMENT_WEBHOOK_SECRET: webhookSecret,
};
let service = await startService({ env, port });

// Members: one account on the roll, one bill, one portal account with a session each.
const db = new pg.Client({ connectionString: database.url });
await db.connect();
const account = (i) => `0${1 + (i % 9)}-${String(7000 + Math.floor(i / 10000)).padStart(4, "0")}-${String(i % 10000).padStart(4, "0")}`;
await db.query(`
  insert into agam_accounts (account_number, name, membership_number, address, district, area)
  select format('0%s-%s-%s', 1 + i % 9, lpad((7000 + i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0')),
         'MEMBER ' || i, 'PM-' || i, 'Poblacion, Bani, Pangasinan', 1 + i % 9, 'north'
  from generate_series(0, ${PAYMENTS - 1}) i`);
await db.query(`
  insert into bills (bill_number, account_number, rate_class, billing_year, billing_month, period_from, period_to, reading_date,
    previous_reading, present_reading, multiplier, kwh, lifeline, senior, charges, vat, lifeline_discount, senior_discount, other_amount,
    arrears, total_due, due_date, content_hash, differences)
  select 'PB' || i, format('0%s-%s-%s', 1 + i % 9, lpad((7000 + i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0')),
    'R', 2026, 10, '2026-09-05', '2026-10-04', '2026-10-04', 1000, 1150, 1, 150, false, false, '{}'::jsonb, '{}'::jsonb, 0, 0, 0, 0,
    ${AMOUNT}, '2026-10-14', 'bench', '[]'::jsonb
  from generate_series(0, ${PAYMENTS - 1}) i`);
await db.query("insert into portal_secret (id, value) values (1, $1) on conflict (id) do nothing", [
  crypto.randomBytes(32).toString("base64url"),
]);
const secret = (await db.query("select value from portal_secret where id = 1")).rows[0].value;
const members = [];
for (let i = 0; i < PAYMENTS; i++) {
  const id = `paybench${i}`;
  const token = crypto.randomBytes(24).toString("base64url");
  members.push({ i, id, token, cookie: "" });
}
await db.query(
  `insert into portal_user (id, name, email, email_verified, contact_kind, contact)
   select 'paybench' || i, '', 'paybench' || i || '@members.invalid', true, 'email', 'paybench' || i || '@members.invalid'
   from generate_series(0, ${PAYMENTS - 1}) i`,
);
await db.query(
  `insert into portal_links (user_id, account_number)
   select 'paybench' || i, format('0%s-%s-%s', 1 + i % 9, lpad((7000 + i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0'))
   from generate_series(0, ${PAYMENTS - 1}) i`,
);
for (const m of members) {
  // The site keeps only the token's SHA-256 (modules/shared/session-token-hash.server.ts).
  await db.query("insert into portal_session (id, token, user_id, expires_at) values ($1, $2, $1, now() + interval '30 days')", [
    m.id,
    crypto.createHash("sha256").update(m.token).digest("hex"),
  ]);
  m.cookie = `__Host-mco.session=${encodeURIComponent(`${m.token}.${await makeSignature(m.token, secret)}`)}`;
}
console.log(`members: ${PAYMENTS} with a bill of Php 1,913.67 each; stand-in gateway at ${gateway.url}`);

// The run: IN_FLIGHT members at a time tap Pay, then "paid" on the gateway's page.
const made = new Set(); // paid at the gateway
const createMs = [];
let taps = 0;
let unanswered = 0;
let kills = 0;
let down = null; // the restart in progress
const pending = members.map((m) => m.i);
// The kills come after these numbers of payments made, spread over the run.
const killAfter = new Set(Array.from({ length: KILLS }, (_, k) => Math.floor(((k + 1) * PAYMENTS) / (KILLS + 1))));

async function restart() {
  kills++;
  await service.kill();
  service = await startService({ env, port });
}

async function payOnce(m) {
  taps++;
  const started = performance.now();
  let answer;
  try {
    answer = await fetch(`http://127.0.0.1:${port}/mco/accounts/${account(m.i)}/bills/PB${m.i}/pay`, {
      method: "POST",
      headers: { cookie: m.cookie, "content-type": "application/x-www-form-urlencoded", origin: `http://127.0.0.1:${port}` },
      body: "amount=",
      redirect: "manual",
    });
  } catch {
    unanswered++;
    return false;
  }
  const location = answer.headers.get("location") ?? "";
  if (answer.status !== 303 || !location.includes("/pay/WP-")) {
    const text = await answer.text().catch(() => "");
    // The site down or restarting (5xx), or its checkout for this bill still being made by a
    // process that was killed ("try again in a few minutes"): the member tries again later.
    if (answer.status >= 500 || /did not answer/.test(text)) {
      unanswered++;
      return false;
    }
    throw new Error(`member ${m.i}: the pay form answered ${answer.status}: ${text.replace(/<[^>]+>/g, " ").slice(0, 400)}`);
  }
  createMs.push(performance.now() - started);
  // Our acknowledgement page sends the browser on to the gateway's page (decision 0038).
  let page;
  try {
    page = await (await fetch(new URL(location, `http://127.0.0.1:${port}`), { headers: { cookie: m.cookie } })).text();
  } catch {
    unanswered++;
    return false;
  }
  const checkoutUrl = /http-equiv="refresh" content="0;url=([^"]+)"/.exec(page)?.[1]?.replace(/&amp;/g, "&");
  if (!checkoutUrl?.startsWith(gateway.url)) throw new Error(`member ${m.i}: no way on to the gateway from ${location}`);
  const sessionId = checkoutUrl.split("/").pop();
  if (gateway.sessions.get(sessionId)?.status === "paid") {
    made.add(m.i); // paid on an earlier tap; the checkout found again
    return true;
  }
  await gateway.settle(sessionId, "paid");
  made.add(m.i);
  if (killAfter.has(made.size) && !down) {
    killAfter.delete(made.size);
    down = restart().finally(() => (down = null));
  }
  return true;
}

async function worker() {
  while (pending.length) {
    const i = pending.shift();
    if (down) await down;
    if (!(await payOnce(members[i]))) {
      // No answer (the site was killed), or "try again": the member taps again a little later.
      await new Promise((r) => setTimeout(r, 1000));
      pending.push(i);
    }
  }
}
const t0 = Date.now();
await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
if (down) await down;
// Every delivery, retry and repeat ends (the stand-in retries until the site answers).
await gateway.idle();
const seconds = (Date.now() - t0) / 1000;

// Posting: the billing system's payment file for what it exported, each row with its reference.
const paid = (await db.query("select reference, account_number, amount from payment_checkouts where status = 'paid'")).rows;
let posted = 0;
const token = `bench-${crypto.randomBytes(16).toString("hex")}`;
await db.query("insert into billing_tokens (name, token_hash, created_by) values ('payments bench', $1, 'bench')", [
  crypto.createHash("sha256").update(token).digest("hex"),
]);
const header = "or_number,account_number,paid_on,amount,channel,reference";
const rows = paid.map((p, n) => `ORB${n},${p.account_number},2026-10-12,${(Number(p.amount) / 100).toFixed(2)},e-wallet,${p.reference}`);
const posting = await fetch(`${service.url}/api/v1/billing/payments`, {
  method: "POST",
  headers: { authorization: `Bearer ${token}`, "content-type": "text/csv" },
  body: [header, ...rows].join("\n"),
});
const postingBody = await posting.text();
if (posting.ok)
  posted = Number((await db.query("select count(*)::int as n from payment_checkouts where posted_or_number is not null")).rows[0].n);
else console.log(`posting: the billing API answered ${posting.status} ${postingBody.slice(0, 300)}`);

const recorded = new Set(
  (await db.query("select distinct account_number from payment_checkouts where status = 'paid'")).rows.map((r) => r.account_number),
);
const lost = [...made].filter((i) => !recorded.has(account(i))).length;
const doubledBills = Number(
  (
    await db.query(
      "select count(*)::int as n from (select bill_number from payment_checkouts where status = 'paid' group by 1 having count(*) > 1) d",
    )
  ).rows[0].n,
);
const events = (await db.query("select outcome, count(*)::int as n from payment_events group by 1 order by 1")).rows;
const deliveries = gateway.deliveries.length;
await db.end();
await service.stop();
createMs.sort((a, b) => a - b);
const p99 = createMs[Math.min(createMs.length - 1, Math.floor(createMs.length * 0.99))] ?? 0;
const median = createMs[Math.floor(createMs.length / 2)] ?? 0;
console.log(
  `payments made ${made.size}, recorded ${recorded.size}, posted ${posted}, lost ${lost}, doubled ${doubledBills}; ` +
    `taps ${taps} (${unanswered} without a checkout: no answer or "try again"), SIGKILLs ${kills}, webhook deliveries ${deliveries}, ${seconds.toFixed(1)} s`,
);
console.log(`events by outcome: ${events.map((e) => `${e.outcome} ${e.n}`).join(", ")}`);
console.log(`checkout creation: median ${median.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${createMs.length} answers)`);
verdict(
  made.size === PAYMENTS && lost === 0 && doubledBills === 0 && kills >= Math.min(KILLS, 1) && posted === made.size && p99 <= P99_LIMIT_MS,
  `every payment made is recorded once and posted (lost 0, doubled 0) through ${KILLS} SIGKILLs, checkout creation p99 <= ${P99_LIMIT_MS} ms`,
  `made ${made.size}/${PAYMENTS}, recorded ${recorded.size}, posted ${posted}, lost ${lost}, doubled ${doubledBills}, kills ${kills}, p99 ${p99.toFixed(1)} ms`,
);
