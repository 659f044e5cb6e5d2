// CPU time and database queries per uncached render of every public page, in both languages,
// measured in-process as bench/render-cpu.ts does one page (process.cpuUsage: a busy machine
// changes the wall time, not this figure). Prints one row per page and a PASS/FAIL line:
//   NODE_ENV=production npx tsx bench/render-routes.ts
// The pages: the route table's paths without parameters, the sitemap's items (one per
// parameterised route) and the examples of tests/support/public-pages.ts; the console
// (/staff), the member portal behind its sign-in and resource routes (feeds, CSV) are left out
// by their path, their redirect or their content type. Each page is warmed, then rendered
// BENCH_RENDERS times (20) with a new query string each time and the server cache off
// (startInProcess: CACHE_TTL_MS=0), so every measured answer is a full render; the renders
// go round the pages (below).
// BENCH_MAX_CPU_MS (5) and BENCH_MAX_QUERIES (3) are the rule; BENCH_PATHS=/a,/b walks only those.

import { metrics } from "../server/metrics";
import { EXAMPLES, patternOf, routePatterns } from "../tests/support/public-pages";
import { nextTurn, startInProcess } from "./lib/in-process";
import { limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("render-routes", timeLimit(300));
const RENDERS = Number(process.env.BENCH_RENDERS ?? 20);
const WARM = 5;
const MAX_CPU_MS = Number(process.env.BENCH_MAX_CPU_MS ?? 5);
const MAX_QUERIES = Number(process.env.BENCH_MAX_QUERIES ?? 3);
/** Paths that are not public pages: the console, and the portal's pages behind its sign-in. */
const PRIVATE = /^\/(fil\/)?(staff|mco\/(?!login|register))/;

const { app, stop } = await startInProcess("render-routes");
// Each render ends with a turn of the event loop, so it pays for its own deferred work.
const ask = async (url: string) => {
  const res = await app.inject({ url, headers: { "accept-encoding": "br, gzip", accept: "text/html" } });
  await nextTurn();
  return res;
};

/** The candidate paths, as tests/support/public-pages.ts gathers them for the markup checks. */
async function candidates(): Promise<string[]> {
  if (process.env.BENCH_PATHS) return process.env.BENCH_PATHS.split(",").filter(Boolean);
  const patterns = [...new Set(routePatterns())];
  const fixed = patterns.filter((p) => !p.includes(":") && !p.includes("*")).map((p) => `/${p}`);
  const sitemap = (await app.inject({ url: "/sitemap.xml" })).body;
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, "&")).pathname);
  // One item per parameterised route (every bid is the same page).
  const seen = new Set<string>();
  const items = listed.filter((p) => {
    const pattern = patternOf(p, patterns);
    if (!pattern?.includes(":") || seen.has(pattern)) return false;
    seen.add(pattern);
    return true;
  });
  return [...new Set([...fixed, ...items, ...Object.values(EXAMPLES), "/no/such/page", "/fil/no/such/page"])].filter(
    (p) => !PRIVATE.test(p),
  );
}

interface Row {
  path: string;
  status: number;
  /** The mean without the slowest tenth of the renders: the rule's figure. */
  cpuMs: number;
  meanMs: number;
  medianMs: number;
  queries: number;
}
const rows: Row[] = [];
const skipped: string[] = [];
const pages: { path: string; status: number }[] = [];
for (const path of await candidates()) {
  const first = await ask(path);
  const html = String(first.headers["content-type"] ?? "").startsWith("text/html");
  // A page, or the not-found page (its own route, rendered like any other).
  if (html && (first.statusCode === 200 || first.statusCode === 404)) pages.push({ path, status: first.statusCode });
  else skipped.push(`${path} (${first.statusCode} ${String(first.headers["content-type"] ?? first.headers.location ?? "")})`);
}
const url = (path: string, i: number, name: string) => `${path}${path.includes("?") ? "&" : "?"}${name}=${i}`;
// Every page warmed before any is measured: what the first pages would otherwise pay is the
// process's start (code compiled on first use, shared by every page), not their own cost.
for (let i = 0; i < WARM; i++) for (const { path } of pages) await ask(url(path, i, "warm"));
// The renders go round the pages, one render of each page a round, as mixed traffic reaches a
// server: what passes over the whole process for a moment (a full collection of the heap every
// page's garbage filled, a burst of optimising compilation on the JIT's threads, a neighbour on
// the machine) falls on one render of one page or another, not on every render of whichever
// page was being measured then. Each page's figure is the mean of its renders without the
// slowest tenth, which is where such a moment lands; the plain mean and the median are printed
// beside it.
const samples = new Map(pages.map(({ path }) => [path, { cpu: [] as number[], queries: 0 }]));
for (let i = 0; i < RENDERS; i++)
  for (const { path, status } of pages) {
    const sample = samples.get(path)!;
    const queries = metrics.dbQueries;
    const before = process.cpuUsage();
    const res = await ask(url(path, i, "u"));
    const used = process.cpuUsage(before);
    sample.cpu.push((used.user + used.system) / 1000);
    sample.queries += metrics.dbQueries - queries;
    if (res.statusCode !== status) throw new Error(`${path} answered ${res.statusCode}, first ${status}`);
  }
const TRIM = Math.floor(RENDERS / 10);
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
for (const { path, status } of pages) {
  const { cpu, queries } = samples.get(path)!;
  cpu.sort((a, b) => a - b);
  rows.push({
    path,
    status,
    cpuMs: mean(cpu.slice(0, cpu.length - TRIM)),
    meanMs: mean(cpu),
    medianMs: cpu[Math.floor(cpu.length / 2)]!,
    queries: queries / RENDERS,
  });
}
await stop();

const over = (r: Row) => r.cpuMs > MAX_CPU_MS || r.queries > MAX_QUERIES;
const width = Math.max(...rows.map((r) => r.path.length));
const trimmed = `cpu ms (mean of ${RENDERS - TRIM})`;
console.log(`${"page".padEnd(width)}  status  ${trimmed}  cpu ms (mean)  cpu ms (median)  queries  verdict`);
for (const r of rows)
  console.log(
    `${r.path.padEnd(width)}  ${String(r.status).padStart(6)}  ${r.cpuMs.toFixed(2).padStart(trimmed.length)}  ${r.meanMs.toFixed(2).padStart(13)}  ${r.medianMs.toFixed(2).padStart(15)}  ${r.queries.toFixed(1).padStart(7)}  ${over(r) ? "FAIL" : "PASS"}`,
  );
if (skipped.length) console.log(`not pages (left out): ${skipped.join(", ")}`);
const failed = rows.filter(over);
verdict(
  rows.length > 0 && failed.length === 0,
  `every public page's uncached render ≤ ${MAX_CPU_MS} ms CPU and ≤ ${MAX_QUERIES} queries (CPU: mean of the fastest ${RENDERS - TRIM} of ${RENDERS} renders, taken a round of every page at a time)`,
  `${rows.length} pages, ${failed.length} over${failed.length ? `: ${failed.map((r) => r.path).join(" ")}` : ""}`,
);
