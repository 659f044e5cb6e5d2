// `npm test`: installs what the browser, proxy, CAP-schema and markup tests need when missing
// (Debian's chromium, nginx, libxml2-utils for xmllint, Java for the W3C Nu HTML Checker,
// vnu-jar, promtool, pg_dump), checks formatting and lint rules (Biome) and the import rules
// (dependency-cruiser), builds the site, then runs every test (unit, API, database, browser).
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";

const run = (cmd, env = {}) => execSync(cmd, { stdio: "inherit", env: { ...process.env, ...env } });
/** Commands one after the other, their output kept; `failed` is the one that failed, if any. */
async function runCaptured(cmds) {
  let out = "";
  for (const cmd of cmds) {
    out += `> ${cmd}\n`;
    const code = await new Promise((resolve) => {
      const child = spawn(cmd, { shell: true, stdio: ["ignore", "pipe", "pipe"] });
      child.stdout.on("data", (d) => (out += d));
      child.stderr.on("data", (d) => (out += d));
      child.on("close", resolve);
    });
    if (code !== 0) return { out, failed: cmd };
  }
  return { out };
}
const missing = [
  ["/usr/bin/chromium", "chromium"],
  ["/usr/sbin/nginx", "nginx"],
  ["/usr/bin/xmllint", "libxml2-utils"],
  ["/usr/bin/java", "default-jre-headless"],
  // promtool checks the metrics and the alert rules (tests/ops/metrics.test.ts).
  ["/usr/bin/promtool", "prometheus"],
  // pg_dump and pg_restore for the restore drill on PostgreSQL (the server's major version).
  ["/usr/bin/pg_dump", "postgresql-client"],
]
  .filter(([bin]) => !fs.existsSync(bin))
  .map(([, pkg]) => pkg);
if (missing.length) {
  const sudo = process.getuid && process.getuid() !== 0 ? "sudo " : "";
  console.log(`Installing ${missing.join(", ")} with apt-get…`);
  run(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`);
}
// The checks before the tests, side by side (here 67 s one after the other, 60 s side by side):
// formatting and lint rules (biome.json); the import rules (.dependency-cruiser.cjs: layers, no
// loops, areas' public files, no server code for the browser), then the types (after the import
// rules, which read the sources before `react-router typegen` writes .react-router/); the build.
// Each one's output is printed whole when it ends, in this order; any failure stops here.
const checks = await Promise.all([
  runCaptured(["npm run -s lint"]),
  runCaptured(["npm run -s lint:deps", "npm run -s typecheck"]),
  runCaptured(["npm run build"]),
]);
for (const { out } of checks) process.stdout.write(out);
const failed = checks.filter((c) => c.failed).map((c) => c.failed);
if (failed.length) {
  console.error(`Failed: ${failed.join(", ")}`);
  process.exit(1);
}
// Tests that share state through Redis run when one answers on this machine (CI has one).
const env = {};
if (!process.env.REDIS_URL) {
  try {
    execSync("redis-cli -h 127.0.0.1 -p 6379 ping", { stdio: "ignore" });
    env.REDIS_URL = "redis://127.0.0.1:6379";
  } catch {}
}
// The "database" project is a part of "unit" that .ci/run repeats on PostgreSQL: not here.
const args = process.argv.slice(2);
const projects = args.some((a) => a.startsWith("--project")) ? [] : ["--project unit", "--project e2e"];
run(`npx vitest run ${[...projects, ...args].join(" ")}`, env);
