/**
 * Runs Debian's nginx with deploy/nginx.conf in a temporary folder, in front of a
 * test server (tests and benchmarks). Only the ports, the upstream and the paths change.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const NGINX = "/usr/sbin/nginx";
const root = path.resolve(import.meta.dirname, "..", "..");

export interface RunningNginx {
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** `config` replaces the whole configuration (e.g. a static server for benchmarks). */
/** `upstreamPorts`: two site instances (the second as deploy/nginx.conf's commented line); `upstreamPort`: the one. */
export async function startNginx(opts: {
  upstreamPort?: number;
  upstreamPorts?: [number, number];
  config?: (dir: string, port: number) => string;
}): Promise<RunningNginx> {
  const [first, second] = opts.upstreamPorts ?? [opts.upstreamPort, opts.upstreamPort];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-nginx-"));
  fs.mkdirSync(path.join(dir, "logs"));
  // nginx's workers run as another user (www-data): they must reach the folder and write the cache.
  fs.chmodSync(dir, 0o755);
  fs.mkdirSync(path.join(dir, "cache"), { mode: 0o777 });
  fs.chmodSync(path.join(dir, "cache"), 0o777);
  const port = 30000 + Math.floor(Math.random() * 20000);
  const conf = opts.config
    ? opts.config(dir, port)
    : fs
        .readFileSync(path.join(root, "deploy", "nginx.conf"), "utf8")
        .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
        .replace(/^error_log .*;$/m, `error_log ${dir}/logs/error.log warn;`)
        .replace(/access_log [^;]+;/, `access_log off;`)
        .replace("/var/cache/nginx/coop", `${dir}/cache`)
        .replace("server 127.0.0.1:3000 ", `server 127.0.0.1:${first} `)
        // A second instance is the commented line, set as the README says.
        .replace(
          "# server 10.0.0.2:3000 ",
          second !== undefined && second !== first ? `server 127.0.0.1:${second} ` : "# server 10.0.0.2:3000 ",
        )
        .replace("listen 80;", `listen 127.0.0.1:${port};`)
        .replace(/^worker_processes auto;$/m, "worker_processes 1;");
  const confFile = path.join(dir, "nginx.conf");
  fs.writeFileSync(confFile, conf);
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", confFile, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: "HEAD" });
      break;
    } catch {
      if (child.exitCode !== null) throw new Error(`nginx failed: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGQUIT");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
