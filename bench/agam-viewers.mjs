// AGAM dashboard viewers: 1,000 server-sent-event streams on /api/v1/agam/pool/stream at
// once, a few registrations, and proof that
//   - every viewer receives the new count,
//   - the database answers at most one count query per second however many watch,
//   - the server's resident memory stays modest.
// Loopback only, bounded time (about a minute after the server is up).
//
//   node bench/agam-viewers.mjs                      # PGlite in a fresh temp folder
//   DATABASE_URL=postgres://... node bench/agam-viewers.mjs
//   VIEWERS=2000 REGISTRATIONS=20 node bench/agam-viewers.mjs
//
// The server runs with LOG_LEVEL=debug, where the AGAM API logs its live-count stats
// once a second ({viewers, computations}); METRICS=on adds /__metrics (every query).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { copyTemplate, ensureBuild, serviceEntry } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

const root = path.resolve(import.meta.dirname, "..");
const VIEWERS = Number(process.env.VIEWERS ?? 1000);
const REGISTRATIONS = Number(process.env.REGISTRATIONS ?? 10);
const BURST = Number(process.env.BURST ?? 20);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 20000 + Math.floor(Math.random() * 30000));
const base = `http://127.0.0.1:${port}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
limitTime("agam-viewers", timeLimit(300));

// ---- the server ------------------------------------------------------------------
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agam-viewers-"));
atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
// On PGlite, from the seeded data folder of the run when there is one (BENCH_TEMPLATE_DIR).
if (!process.env.DATABASE_URL) copyTemplate(dataDir);
// On PostgreSQL: a fresh database of its own (seeded at start), dropped at the end.
let databaseUrl;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const { default: pg } = await import("pg");
  const name = `agam_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const again = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await again.end();
  };
}
const nodeBin = fs.existsSync(path.join(root, "node_modules", "node", "bin", "node"))
  ? path.join(root, "node_modules", "node", "bin", "node")
  : process.execPath;
ensureBuild();
const server = spawn(nodeBin, serviceEntry(root), {
  cwd: root,
  env: {
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "debug",
    METRICS: "on",
    RATE_LIMIT: "off",
    NODE_ENV: "production",
    // Production seeds nothing unless asked: these runs serve the demo content.
    SEED_DEMO: "on",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
atExit(() => server.exitCode === null && server.signalCode === null && server.kill("SIGKILL"));
/** Cumulative count computations, one sample a second: [ms, computations, viewers]. */
const samples = [];
/** The shortest time between the starts of two count computations, as the server saw it. */
let shortestGapMs = null;
readline.createInterface({ input: server.stdout }).on("line", (line) => {
  if (!line.includes("agam live stats")) return;
  try {
    const { agamLive } = JSON.parse(line);
    samples.push([Date.now(), agamLive.computations, agamLive.viewers]);
    shortestGapMs = agamLive.shortestGapMs;
  } catch {}
});
const rssKiB = () => Number(execSync(`ps -o rss= -p ${server.pid} || echo 0`).toString().trim() || 0);
const metrics = async () => (await fetch(`${base}/__metrics`)).json();
async function stopServer() {
  if (server.exitCode !== null) return 0;
  const started = Date.now();
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await Promise.race([exited, sleep(12_000)]);
  if (server.exitCode === null) server.kill("SIGKILL");
  return Date.now() - started;
}

let viewers = [];
try {
  const t0 = Date.now();
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {}
    if (i > 1200) throw new Error("the server did not start in 2 minutes");
    await sleep(100);
  }
  const database = (await (await fetch(`${base}/readyz`)).json()).database;
  console.log(`server up on ${base} (${database}) in ${((Date.now() - t0) / 1000).toFixed(1)} s, pid ${server.pid}`);
  const rssIdle = rssKiB();
  const start = await (await fetch(`${base}/api/v1/agam/pool/all`)).json();

  // ---- 1,000 viewers at once -------------------------------------------------------
  const t1 = Date.now();
  viewers = await Promise.all(
    Array.from({ length: VIEWERS }, () => {
      return new Promise((resolve, reject) => {
        const viewer = { latest: undefined, frames: 0, req: undefined, seenAt: new Map() };
        viewer.req = http.get(`${base}/api/v1/agam/pool/stream`, { agent: false, headers: { Accept: "text/event-stream" } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          let buffer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => {
            buffer += chunk;
            let i;
            while ((i = buffer.indexOf("\n\n")) >= 0) {
              const frame = buffer.slice(0, i);
              buffer = buffer.slice(i + 2);
              const data = frame.split("\n").find((l) => l.startsWith("data: "));
              if (!data) continue;
              viewer.latest = JSON.parse(data.slice(6));
              viewer.frames++;
              viewer.seenAt.set(viewer.latest.qmember, Date.now());
              if (viewer.frames === 1) resolve(viewer);
            }
          });
          res.on("error", () => {});
        });
        viewer.req.on("error", reject);
      });
    }),
  );
  const connectMs = Date.now() - t1;
  console.log(`${viewers.length} viewers connected and got the current count (${start.qmember}) in ${connectMs} ms`);
  await sleep(1500);
  const rssWithViewers = rssKiB();

  // ---- idle with viewers: only the safety-net interval runs -------------------------
  const idleFrom = await metrics();
  const idleSampleFrom = samples.at(-1);
  await sleep(IDLE_SECONDS * 1000);
  const idleTo = await metrics();
  const idleSampleTo = samples.at(-1);
  const idleQueriesPerSecond = (idleTo.dbQueries - idleFrom.dbQueries) / IDLE_SECONDS;
  const idleCountsPerSecond = (idleSampleTo[1] - idleSampleFrom[1]) / ((idleSampleTo[0] - idleSampleFrom[0]) / 1000);
  console.log(
    `idle ${IDLE_SECONDS} s with ${VIEWERS} viewers: ${idleCountsPerSecond.toFixed(2)} count computations/s, ${idleQueriesPerSecond.toFixed(2)} database queries/s in all`,
  );

  // ---- registrations: one at a time, then a burst ----------------------------------
  const topics = await (await fetch(`${base}/api/v1/agam/pool/get-all-topics`)).json();
  const decisions = topics.map((t, i) => ({
    topic_sequence_id: t.AT_SEQUENCE_NUMBER,
    answer_topic_id: t.AT_ID,
    answer_value: i === 1 ? 0 : 1,
    answer_topic_reason: i === 1 ? "bench" : "",
  }));
  // Seed accounts: k-th of district d; k = 1 is already registered in the seed.
  const account = (d, k) => `0${d}-${String(1000 + k * 37).padStart(4, "0")}-${String(4567 + k * 101 + d).padStart(4, "0")}`;
  const accounts = [];
  // Accounts with an even k have the demo registration PIN: the second factor each registration needs.
  for (let k = 2; k < 24 && accounts.length < REGISTRATIONS + BURST; k += 2)
    for (let d = 1; d <= 9 && accounts.length < REGISTRATIONS + BURST; d++) accounts.push(account(d, k));
  const proofs = new Map();
  for (const acct of accounts) {
    const res = await fetch(`${base}/api/v1/agam/pool/verification`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ account: acct, pin: "246810" }),
    });
    if (res.status !== 200) throw new Error(`verification of ${acct} answered ${res.status}`);
    proofs.set(acct, (await res.json()).data.proof);
  }
  const register = async (acct) => {
    const res = await fetch(`${base}/api/v1/agam/pool/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ account: acct, origin: "bench", phone: "", email: "", decisions, proof: proofs.get(acct) }),
    });
    return { status: res.status, at: Date.now() };
  };
  const regFrom = await metrics();
  const regSampleFrom = samples.at(-1);
  const tReg = Date.now();
  const registeredAt = new Map();
  let expected = start.qmember;
  for (const acct of accounts.slice(0, REGISTRATIONS)) {
    const r = await register(acct);
    if (r.status !== 201) throw new Error(`registration answered ${r.status}`);
    expected++;
    registeredAt.set(expected, r.at);
    await sleep(300);
  }
  const burst = await Promise.all(accounts.slice(REGISTRATIONS, REGISTRATIONS + BURST).map(register));
  if (burst.some((r) => r.status !== 201)) throw new Error(`burst answered ${burst.map((r) => r.status).join(",")}`);
  expected += burst.length;
  const burstDoneAt = Math.max(...burst.map((r) => r.at));

  // ---- every viewer sees the final count -----------------------------------------------
  for (let i = 0; i < 100 && !viewers.every((v) => v.latest?.qmember === expected); i++) await sleep(100);
  const reached = viewers.filter((v) => v.latest?.qmember === expected).length;
  const lastSeen = Math.max(...viewers.map((v) => v.seenAt.get(expected) ?? Infinity));
  const delays = [...registeredAt.entries()].map(([n, at]) => {
    // A viewer may skip an intermediate value (coalesced), then the next one it saw counts.
    const seen = viewers.map((v) => Math.min(...[...v.seenAt.entries()].filter(([q]) => q >= n).map(([, t]) => t)));
    return Math.max(...seen) - at;
  });
  await sleep(2500);
  const regTo = await metrics();
  const regSampleTo = samples.at(-1);
  const regSeconds = (regSampleTo[0] - regSampleFrom[0]) / 1000;
  const regCounts = regSampleTo[1] - regSampleFrom[1];
  const rssAfter = rssKiB();

  // The worst rate over any 5-second stretch of the run (samples are a second apart; over a
  // single second two starts 1.0 s apart can both fall inside one sample window).
  let worstPerSecond = 0;
  for (let i = 0; i < samples.length; i++) {
    for (let j = i + 1; j < samples.length; j++) {
      const dt = (samples[j][0] - samples[i][0]) / 1000;
      if (dt < 4.5) continue;
      worstPerSecond = Math.max(worstPerSecond, (samples[j][1] - samples[i][1]) / dt);
      break;
    }
  }

  const framesPerViewer = viewers.reduce((s, v) => s + v.frames, 0) / viewers.length;
  console.log(
    `${REGISTRATIONS} registrations 300 ms apart, then ${BURST} at once: final count ${expected}; ${reached}/${viewers.length} viewers received it (last ${lastSeen - burstDoneAt} ms after the burst)`,
  );
  console.log(
    `delay from a registration to the last of ${VIEWERS} viewers: median ${median(delays)} ms, max ${Math.max(...delays)} ms; ${framesPerViewer.toFixed(1)} frames per viewer`,
  );
  console.log(
    `count computations while registering: ${regCounts} in ${regSeconds.toFixed(1)} s (${(regCounts / regSeconds).toFixed(2)}/s); worst 5-s stretch in the whole run: ${worstPerSecond.toFixed(2)}/s; shortest time between two count queries: ${shortestGapMs} ms`,
  );
  console.log(
    `database queries while registering, all kinds (${REGISTRATIONS + BURST} registrations included): ${regTo.dbQueries - regFrom.dbQueries}`,
  );
  console.log(
    `resident memory: ${mb(rssIdle)} idle, ${mb(rssWithViewers)} with ${VIEWERS} viewers (+${mb(rssWithViewers - rssIdle)}, ${((rssWithViewers - rssIdle) / VIEWERS).toFixed(1)} KiB each), ${mb(rssAfter)} after the registrations`,
  );

  for (const v of viewers) v.req.destroy();
  viewers = [];
  const shutdownMs = await stopServer();
  console.log(`server stopped by SIGTERM in ${shutdownMs} ms`);

  const result = {
    date: new Date().toISOString(),
    database,
    viewers: VIEWERS,
    connectMs,
    registrations: REGISTRATIONS + BURST,
    reached,
    delays,
    idleCountsPerSecond,
    idleQueriesPerSecond,
    regCountsPerSecond: regCounts / regSeconds,
    worstPerSecond,
    shortestGapMs,
    rssKiB: { idle: rssIdle, withViewers: rssWithViewers, after: rssAfter },
    shutdownMs,
  };
  fs.mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench", "results", `agam-viewers-${database}.json`), JSON.stringify(result, null, 2));
  console.log(JSON.stringify(result));
  // At most one count query in any second: no two ever start less than 1,000 ms apart.
  verdict(
    reached === VIEWERS && shortestGapMs !== null && shortestGapMs >= 1000,
    "every viewer received the final count, and no two count queries started less than 1,000 ms apart",
    `${reached} of ${VIEWERS} viewers, shortest gap ${shortestGapMs} ms`,
  );
} catch (error) {
  console.error(error);
  verdict(false, "the benchmark ran to its end", String(error));
} finally {
  for (const v of viewers) v.req?.destroy();
  await stopServer();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function mb(kib) {
  return `${(kib / 1024).toFixed(1)} MiB`;
}
