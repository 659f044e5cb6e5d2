// A private PostgreSQL cluster on a free loopback port, so a benchmark can stop and
// start "the database" without touching the machine's own server.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./service.mjs";
import { atExit } from "./verdict.mjs";

const bin = () => {
  const base = "/usr/lib/postgresql";
  const version = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a))[0];
  return path.join(base, version, "bin");
};
const asPostgres = (cmd, args) => (process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", cmd, ...args]] : [cmd, args]);

export async function startPrivatePostgres() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-pg-"));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const port = freePort();
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const [c1, a1] = asPostgres(path.join(bin(), "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  execFileSync(c1, a1, { stdio: "ignore" });
  const pgctl = (action) => {
    const [c, a] = asPostgres(path.join(bin(), "pg_ctl"), [
      "-D",
      data,
      "-w",
      "-l",
      path.join(dir, "log"),
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on`,
      action,
    ]);
    execFileSync(c, a, { stdio: "ignore" });
  };
  pgctl("start");
  atExit(() => {
    try {
      pgctl("stop");
    } catch {}
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: () => pgctl("stop"),
    start: () => pgctl("start"),
    destroy() {
      try {
        pgctl("stop");
      } catch {}
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
void spawn;
