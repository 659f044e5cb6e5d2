// CPU time per uncached render of one page, measured in-process (process.cpuUsage), so a
// busy machine changes the wall time but not this figure. Usage:
//   NODE_ENV=production npx tsx bench/render-cpu.ts [/news/power-interruptions] [renders=200]
// CPU_PROFILE=file.cpuprofile profiles the measured renders only (not start-up), to open in
// Chrome's DevTools or summarise with `node bench/profile-top.mjs file.cpuprofile`.
// RENDER_MEMBERS=n: a signed-in member's page, as bench/portal.mjs asks for it: n demo accounts
// each get a portal member with a session, and each request carries the next member's cookie;
// `:account` and `:bill` in the page are that member's account and its latest bill, e.g.
//   RENDER_MEMBERS=20 npx tsx bench/render-cpu.ts /mco/accounts/:account/bills/:bill
// With DATABASE_URL the queries go to PostgreSQL (as in production), so this process's CPU is
// the service's alone; use a database of your own (it is migrated and seeded once, then kept).
import crypto from "node:crypto";
import fs from "node:fs";
import { Session } from "node:inspector/promises";
import { makeSignature } from "better-auth/crypto";
import { sql } from "drizzle-orm";
import { queryRows } from "../db/client";
import { SESSION_COOKIE } from "../modules/portal/auth.server";
import { sessionTokenHash } from "../modules/shared/session-token-hash.server";
import { metrics } from "../server/metrics";
import { nextTurn, startInProcess } from "./lib/in-process";

const page = process.argv[2] ?? "/news/power-interruptions";
const renders = Number(process.argv[3] ?? 200);
const { app, stop } = await startInProcess("render");

interface Visit {
  url: string;
  cookie?: string;
}
const visits = await (async (): Promise<Visit[]> => {
  const members = Number(process.env.RENDER_MEMBERS ?? 0);
  if (!members) return [{ url: page }];
  const { db } = app.deps.database;
  const accounts = await queryRows<{ account_number: string; bill_number: string }>(
    db,
    sql`select distinct on (account_number) account_number, bill_number from bills
    order by account_number, period_to desc, bill_number desc limit ${members}`,
  );
  await db.execute(sql`delete from portal_user where id like 'render%'`);
  await db.execute(
    sql`insert into portal_secret (id, value) values (1, ${crypto.randomBytes(32).toString("base64url")}) on conflict (id) do nothing`,
  );
  const [stored] = await queryRows<{ value: string }>(db, sql`select value from portal_secret where id = 1`);
  const secret = process.env.PORTAL_AUTH_SECRET || stored!.value;
  const out: Visit[] = [];
  for (const [n, a] of accounts.entries()) {
    const id = `render${n}`;
    const token = crypto.randomBytes(24).toString("base64url");
    await db.execute(sql`insert into portal_user (id, name, email, email_verified, contact_kind, contact)
      values (${id}, '', ${`${id}@members.invalid`}, true, 'sms', ${`63917${String(n).padStart(7, "0")}`})`);
    await db.execute(sql`insert into portal_links (user_id, account_number) values (${id}, ${a.account_number})`);
    await db.execute(
      sql`insert into portal_session (id, token, user_id, expires_at) values (${id}, ${sessionTokenHash(token)}, ${id}, now() + interval '30 days')`,
    );
    out.push({
      url: page.replace(":account", a.account_number).replace(":bill", encodeURIComponent(a.bill_number)),
      cookie: `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${await makeSignature(token, secret)}`)}`,
    });
  }
  if (!out.length) throw new Error("no accounts with bills to sign in with");
  return out;
})();
// Each render ends with a turn of the event loop, so it pays for its own deferred work.
const ask = async (i: number, query: string) => {
  const v = visits[i % visits.length]!;
  const res = await app.inject({
    url: `${v.url}?${query}=${i}`,
    // A member's page as bench/portal.mjs asks for it (wrk: gzip only).
    headers: v.cookie ? { "accept-encoding": "gzip", cookie: v.cookie } : { "accept-encoding": "br, gzip" },
  });
  await nextTurn();
  return res;
};

for (let i = 0; i < 20; i++) await ask(i, "warm");
const profileFile = process.env.CPU_PROFILE;
const session = profileFile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
}
const queries = metrics.dbQueries;
const cpu = process.cpuUsage();
const start = performance.now();
// The best batch of 50 too: on a machine shared with others the mean moves with their load
// (caches, frequency, time slices), the cheapest batch much less.
let best = Infinity;
let batch = process.cpuUsage();
for (let i = 0; i < renders; i++) {
  const res = await ask(i, "u");
  if (res.statusCode !== 200) throw new Error(`${page} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  if ((i + 1) % 50 === 0) {
    const b = process.cpuUsage(batch);
    best = Math.min(best, (b.user + b.system) / 1000 / 50);
    batch = process.cpuUsage();
  }
}
const used = process.cpuUsage(cpu);
const wall = performance.now() - start;
if (session && profileFile) {
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(profileFile, JSON.stringify(profile));
  session.disconnect();
}
console.log(
  JSON.stringify({
    page,
    renders,
    cpuMsPerRender: +((used.user + used.system) / 1000 / renders).toFixed(2),
    bestBatchCpuMs: +best.toFixed(2),
    wallMsPerRender: +(wall / renders).toFixed(2),
    queriesPerRender: (metrics.dbQueries - queries) / renders,
  }),
);
await stop();
