// Lighthouse (npm) with Debian's Chromium, mobile defaults, median of 5 runs, on the
// five pages members open most. Loopback only; the service runs with demo content.

import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
// The same Chromium and flags as the browser tests (run with tsx, which reads the .ts).
import { CHROMIUM, CHROMIUM_ARGS } from "../tests/support/browser.ts";
import { freePort, startService, waitFor } from "./lib/service.mjs";
import { atExit, limitTime, timeLimit, verdict } from "./lib/verdict.mjs";

limitTime("lighthouse", timeLimit(900));
/** The rule: every category's median at least this on every page. */
const MIN_SCORE = Number(process.env.BENCH_MIN_SCORE ?? 90);

/** Debian's Chromium with a debugging port for Lighthouse to drive. */
async function launchChromium(userDataDir) {
  const port = freePort();
  const child = spawn(CHROMIUM, [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, "about:blank"], {
    stdio: "ignore",
  });
  atExit(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"));
  await waitFor(`http://127.0.0.1:${port}/json/version`);
  return { port, kill: () => new Promise((r) => (child.once("exit", r), child.kill("SIGKILL"))) };
}

const PAGES = (process.env.BENCH_PAGES ?? "/,/news/power-interruptions,/rates,/customer-satisfaction-survey,/agam-status").split(",");
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

/** The performance metrics, to see which one holds a score below 100. */
const METRICS = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift", "speed-index"];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const service = await startService({ env: { LOG_LEVEL: "silent" } });
const results = {};
try {
  for (const page of PAGES) {
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const failures = new Set();
    const metrics = Object.fromEntries(METRICS.map((m) => [m, []]));
    for (let run = 0; run < RUNS; run++) {
      const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-lh-"));
      atExit(() => fs.rmSync(userDataDir, { recursive: true, force: true }));
      const chrome = await launchChromium(userDataDir);
      try {
        const result = await lighthouse(service.url + page, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: CATEGORIES,
        });
        // A run Lighthouse could not finish (no paint seen, page hung) scores 0: say why.
        if (result.lhr.runtimeError)
          console.log(`${page} run ${run + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
        for (const c of CATEGORIES) scores[c].push(Math.round((result.lhr.categories[c].score ?? 0) * 100));
        for (const m of METRICS) metrics[m].push(result.lhr.audits[m]?.displayValue ?? "?");
        for (const audit of Object.values(result.lhr.audits))
          if (audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
            failures.add(
              `${audit.id}${audit.details?.items?.length ? ` (${audit.details.items.map((i) => i.reason ?? i.failureType ?? "").join("; ")})` : ""}`,
            );
      } finally {
        await chrome.kill();
        fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    }
    results[page] = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])]));
    console.log(
      `${page.padEnd(32)} ${CATEGORIES.map((c) => `${c} ${results[page][c]} (${scores[c].join(",")})`).join("  ")}${failures.size ? `\n${" ".repeat(33)}failed audits: ${[...failures].join(", ")}` : ""}\n${" ".repeat(33)}${METRICS.map((m) => `${m} ${metrics[m].join(",")}`).join("  ")}`,
    );
  }
  console.log(JSON.stringify(results));
  const low = Object.entries(results).flatMap(([page, r]) => CATEGORIES.filter((c) => r[c] < MIN_SCORE).map((c) => `${page} ${c} ${r[c]}`));
  verdict(low.length === 0, `every category's median at least ${MIN_SCORE} on every page (${RUNS} runs)`, low.join(", "));
} finally {
  await service.stop();
}
