// The site as the in-process benchmarks (render-cpu.ts, roll-import.ts) run it: production
// mode on a fresh data directory, no server cache, no rate limit, no logs; `stop` closes it
// and removes the directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../server/config";
import { startApp } from "../../server/start";
import { copyTemplate } from "./service.mjs";
import { atExit } from "./verdict.mjs";

export async function startInProcess(name: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `coop-${name}-`));
  atExit(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The seeded data folder of the run when there is one (BENCH_TEMPLATE_DIR, bench/ci.sh).
  copyTemplate(dataDir);
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    // Production seeds nothing unless asked: these runs serve the demo content.
    SEED_DEMO: "on",
    PUBLIC_URL: "http://127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    CACHE_TTL_MS: "0",
    RATE_LIMIT: "off",
    ...env,
  });
  const app = await startApp(config, { logger: false });
  const stop = async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, stop };
}

/**
 * Lets the event loop turn once, as it does between two requests arriving on a socket. An
 * injected request whose work is all in memory resolves in microtasks alone, and the
 * callbacks it leaves for the loop's check phase (the end of its response streams) wait
 * for the next turn: a loop of renders that never yields keeps every response in memory
 * until some page's query lets the loop turn, and that page pays for all of them.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
