// The member portal under load on PostgreSQL: BENCH_MEMBERS accounts (100,000) with 24 months
// of bills and payments each, generated in SQL; BENCH_SIGNED_IN (200) of them registered to the
// portal with a session each. wrk then asks, with a different member's cookie on each request,
// for the overview (/mco) and a bill page at 20 and at 50 connections, BENCH_SECONDS (5) each:
// requests per second and p99 (goal: p99 <= 100 ms at 20). Then 20 bill PDFs one after the
// other: the slowest and the median (goal: under 200 ms).
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/portal.mjs
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeSignature } from "better-auth/crypto";
import pg from "pg";
import { startService } from "./lib/service.mjs";
import { atExit, verdict } from "./lib/verdict.mjs";
import { ensureWrk } from "./lib/wrk.mjs";

// Its own database name (bench-database.mjs reads it when loaded), apart from other benchmarks' "bench".
process.env.BENCH_DATABASE_NAME ??= "bench_portal";
const { startBenchDatabase } = await import("./lib/bench-database.mjs");
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const SIGNED_IN = Number(process.env.BENCH_SIGNED_IN ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const MONTHS = 24;

ensureWrk();
// BENCH_KEEP_DATABASE=on (with DATABASE_URL): the generated members, bills and sessions stay
// for the next run, which then skips making them (about 2 to 5 minutes at 100,000 members).
const KEEP = process.env.BENCH_KEEP_DATABASE === "on" && Boolean(process.env.DATABASE_URL);
const database = await startBenchDatabase({ keep: KEEP });
atExit(() => void database.drop().catch(() => {}));
console.log(`database: ${database.where}; WEB_CONCURRENCY=${process.env.BENCH_WEB_CONCURRENCY ?? "2"}`);
// The service makes the tables (its migrations) and then stays up for the load, with the
// production default's worker processes (deploy/wespeco.env.example: 2) unless
// BENCH_WEB_CONCURRENCY says otherwise.
const WORKERS = process.env.BENCH_WEB_CONCURRENCY ?? "2";
const service = await startService({ env: { DATABASE_URL: database.url, SEED_DEMO: "off", RATE_LIMIT: "off", WEB_CONCURRENCY: WORKERS } });
const db = new pg.Client({ connectionString: database.url });
await db.connect();

const account = (i) =>
  `${String(1 + (i % 9)).padStart(2, "0")}-${String(Math.floor(i / 10000)).padStart(4, "0")}-${String(i % 10000).padStart(4, "0")}`;
if (database.kept) console.log("data: kept from an earlier run");
else {
  const t0 = Date.now();
  await db.query(`
    insert into agam_accounts (account_number, name, membership_number, address, district, area, phone)
    select format('%s-%s-%s', lpad((1 + i % 9)::text, 2, '0'), lpad((i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0')),
           'MEMBER ' || i, 'BM-' || i, 'Poblacion, Bani, Pangasinan', 1 + i % 9, 'north', '0917' || lpad(i::text, 7, '0')
    from generate_series(0, ${MEMBERS - 1}) i`);
  // A bill's lines as the billing system sends them: 21 charges and their VAT, in centavos.
  const charges = `jsonb_build_object('generation', k * 560, 'transmission_kwh', k * 81, 'system_loss', k * 74, 'distribution_kwh', k * 121,
    'supply_customer', 1500, 'supply_kwh', k * 42, 'metering_kwh', k * 35, 'metering_meter', 500, 'rfsc', k * 29, 'lifeline_subsidy', k * 2,
    'senior_subsidy', 4, 'uc_me', k * 18, 'uc_ec', 25, 'uc_sd', k * 4, 'fit_all', k * 8)`;
  const vat = `jsonb_build_object('generation', k * 67, 'transmission_kwh', k * 10, 'system_loss', k * 9, 'distribution_kwh', k * 15, 'supply_customer', 180,
    'supply_kwh', k * 5, 'metering_kwh', k * 4, 'metering_meter', 60)`;
  await db.query(`
    insert into bills (bill_number, account_number, rate_class, billing_year, billing_month, period_from, period_to, reading_date,
      previous_reading, present_reading, multiplier, kwh, lifeline, senior, charges, vat, lifeline_discount, senior_discount, other_amount,
      arrears, total_due, due_date, content_hash, differences)
    select 'B' || i || '-' || m, format('%s-%s-%s', lpad((1 + i % 9)::text, 2, '0'), lpad((i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0')),
      'R', extract(year from d)::int, extract(month from d)::int, (d - interval '1 month')::date, d::date, d::date,
      m * 200, m * 200 + k, 1, k, false, false, ${charges}, ${vat}, 0, 0, 0, 0, k * 1285, (d + interval '10 days')::date, 'bench', '[]'::jsonb
    from generate_series(0, ${MEMBERS - 1}) i, generate_series(0, ${MONTHS - 1}) m,
      lateral (select (date_trunc('month', now()) - (${MONTHS - 1} - m) * interval '1 month')::date as d, 150 + (i * 7 + m * 13) % 150 as k) x`);
  await db.query(`
    insert into payments (or_number, account_number, paid_on, amount, channel, content_hash)
    select 'OR' || i || '-' || m, format('%s-%s-%s', lpad((1 + i % 9)::text, 2, '0'), lpad((i / 10000)::text, 4, '0'), lpad((i % 10000)::text, 4, '0')),
      (date_trunc('month', now()) - (${MONTHS - 1} - m) * interval '1 month' + interval '8 days')::date, 200000, 'office', 'bench'
    from generate_series(0, ${MEMBERS - 1}) i, generate_series(0, ${MONTHS - 1}) m`);
  await db.query("analyze");
  const size = (await db.query("select pg_size_pretty(pg_database_size(current_database())) as s")).rows[0].s;
  console.log(
    `data: ${MEMBERS} accounts, ${MEMBERS * MONTHS} bills, ${MEMBERS * MONTHS} payments, ${size}, made in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
}

// Members signed in: a portal account, its link, a session; the cookie signed as better-auth signs it.
// (A kept database's from the run before are made again: their cookies were that run's.)
await db.query("delete from portal_session where user_id like 'bench%'");
await db.query("delete from portal_links where user_id like 'bench%'");
await db.query("delete from portal_user where id like 'bench%'");
await db.query("insert into portal_secret (id, value) values (1, $1) on conflict (id) do nothing", [
  crypto.randomBytes(32).toString("base64url"),
]);
const secret = process.env.PORTAL_AUTH_SECRET || (await db.query("select value from portal_secret where id = 1")).rows[0].value;
const entries = [];
for (let n = 0; n < SIGNED_IN; n++) {
  const i = Math.floor((n * MEMBERS) / SIGNED_IN);
  const id = `bench${n}`;
  const token = crypto.randomBytes(24).toString("base64url");
  await db.query("insert into portal_user (id, name, email, email_verified, contact_kind, contact) values ($1, '', $2, true, 'sms', $3)", [
    id,
    `${id}@members.invalid`,
    `63917${String(i).padStart(7, "0")}`,
  ]);
  await db.query("insert into portal_links (user_id, account_number) values ($1, $2)", [id, account(i)]);
  // The site keeps only the token's SHA-256 (modules/shared/session-token-hash.server.ts).
  await db.query("insert into portal_session (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '30 days')", [
    id,
    crypto.createHash("sha256").update(token).digest("hex"),
    id,
  ]);
  const cookie = `__Host-mco.session=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`;
  entries.push({
    cookie,
    overview: "/mco",
    bill: `/mco/accounts/${account(i)}/bills/B${i}-${MONTHS - 1}`,
    pdf: `/mco/accounts/${account(i)}/bills/B${i}-${MONTHS - 1}/pdf`,
  });
}
await db.end();

const check = await fetch(`${service.url}${entries[0].bill}`, { headers: { cookie: entries[0].cookie } });
if (check.status !== 200) throw new Error(`a signed-in bill page answered ${check.status}`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
atExit(() => fs.rmSync(dir, { recursive: true, force: true }));
const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
/** CPU seconds (user + system) the service's processes have used so far, from /proc: a busy machine changes wall time, not this. */
function serviceCpu() {
  let children = "";
  try {
    children = execFileSync("pgrep", ["-P", String(service.child.pid)], { encoding: "utf8" });
  } catch {} // none: the service is the process itself
  const pids = [service.child.pid, ...children.trim().split(/\s+/).filter(Boolean)];
  return pids.reduce((sum, pid) => {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(f[11]) + Number(f[12])) / CLOCK_TICKS;
    } catch {
      return sum;
    }
  }, 0);
}

function run(kind, connections, seconds = SECONDS, note = "") {
  const cpuBefore = serviceCpu();
  const script = path.join(dir, `${kind}.lua`);
  fs.writeFileSync(
    script,
    `local e = {${entries.map((e) => `{${JSON.stringify(e.cookie)}, ${JSON.stringify(e[kind])}}`).join(",")}}
local i = 0
request = function()
  i = i + 1
  local x = e[(i % #e) + 1]
  return wrk.format("GET", x[2], {["Cookie"] = x[1], ["Accept-Encoding"] = "gzip"})
end`,
  );
  const out = execFileSync("wrk", ["-t", "2", "-c", String(connections), "-d", `${seconds}s`, "--latency", "-s", script, service.url], {
    encoding: "utf8",
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(out);
  const p99 = p ? Number(p[1]) * (p[2] === "us" ? 0.001 : p[2] === "s" ? 1000 : 1) : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const cpuMs = ((serviceCpu() - cpuBefore) * 1000) / Math.max(1, requests);
  console.log(
    `${kind.padEnd(8)} ${String(connections).padStart(2)} connections${note}: ${Math.round(rps)} req/s, p99 ${p99.toFixed(1)} ms, non-2xx ${non2xx}, service CPU ${cpuMs.toFixed(2)} ms/request, load ${os.loadavg()[0].toFixed(2)}`,
  );
  return { rps, p99, non2xx };
}
// BENCH_WARMUP_SECONDS (3) of each page first, not counted: the JIT, the pool's connections and
// PostgreSQL's cache warm, as in a service that has been up for a while.
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
if (WARMUP > 0) for (const kind of ["overview", "bill"]) run(kind, 20, WARMUP, " (warm-up, not counted)");
const results = [];
for (const kind of ["overview", "bill"]) for (const c of [20, 50]) results.push({ kind, c, ...run(kind, c) });

const times = [];
for (let n = 0; n < 20; n++) {
  const e = entries[n % entries.length];
  const start = performance.now();
  const res = await fetch(`${service.url}${e.pdf}`, { headers: { cookie: e.cookie } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
  times.push(performance.now() - start);
}
times.sort((a, b) => a - b);
console.log(`bill PDF: median ${times[10].toFixed(1)} ms, slowest ${times.at(-1).toFixed(1)} ms (20, one after the other, over HTTP)`);
const at20 = results.filter((r) => r.c === 20);
verdict(
  at20.every((r) => r.p99 <= 100 && r.non2xx === 0) && times[10] < 200,
  "p99 <= 100 ms at 20 connections on the overview and the bill page, no errors; a bill PDF under 200 ms",
  `load average ${os.loadavg()[0].toFixed(2)}`,
);
await service.stop();
await database.drop();
process.exit(process.exitCode ?? 0);
