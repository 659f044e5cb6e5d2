/**
 * The files of deploy/ as a server uses them: the systemd units pass `systemd-analyze verify`,
 * the nginx configuration `nginx -t`, the logrotate rules `logrotate -d`, and the environment
 * template holds every setting production requires (the service's own check accepts it).
 * Paths of a server (/srv/wespeco/app, /etc/wespeco, the wespeco user) are replaced by this
 * checkout's and this machine's, as the nginx test does.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const deploy = (name: string) => fs.readFileSync(path.join(root, "deploy", name), "utf8");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "deploy-check-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** KEY=value lines of the template, comments and blanks aside. */
function envOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

describe("deploy/", () => {
  it("has systemd units that systemd-analyze verify accepts without a word", async () => {
    fs.writeFileSync(path.join(dir, "wespeco.env"), deploy("wespeco.env.example"));
    const units = ["wespeco-site.service", "wespeco-worker.service"].map((name) => {
      const file = path.join(dir, name);
      fs.writeFileSync(
        file,
        deploy(name).replaceAll("/srv/wespeco/app", root).replaceAll("/etc/wespeco/wespeco.env", path.join(dir, "wespeco.env")),
      );
      return file;
    });
    for (const unit of units) expect(deploy(path.basename(unit))).toMatch(/^ExecStart=.*server\/(index|worker)\.ts$/m);
    const { stdout, stderr } = await run("systemd-analyze", ["verify", "--man=no", ...units]);
    expect(stdout + stderr).toBe("");
  });

  it("runs every unit with UMask=0077: what the site writes (backups, keys, data) is its user's alone", () => {
    for (const name of ["wespeco-site.service", "wespeco-worker.service"]) {
      const service = deploy(name)
        .split(/^\[Service\]$/m)[1]!
        .split(/^\[/m)[0]!;
      expect(service, name).toMatch(/^UMask=0077$/m);
    }
  });

  it("has an nginx configuration that nginx -t accepts", async () => {
    const conf = path.join(dir, "nginx.conf");
    fs.mkdirSync(path.join(dir, "logs"), { recursive: true });
    fs.writeFileSync(
      conf,
      deploy("nginx.conf")
        .replace(/^pid .*;$/m, `pid ${dir}/nginx.pid;`)
        .replace(/^error_log .*;$/m, `error_log ${dir}/logs/error.log warn;`)
        .replace(/access_log [^;]+;/, `access_log ${dir}/logs/access.log;`)
        .replace("/var/cache/nginx/coop", `${dir}/cache`),
    );
    const { stderr } = await run("/usr/sbin/nginx", ["-t", "-p", dir, "-c", conf]);
    expect(stderr).toContain("syntax is ok");
    expect(stderr).toContain("test is successful");
  });

  it("has log rotation that logrotate reads without an error", async () => {
    const conf = path.join(dir, "logrotate.conf");
    fs.writeFileSync(conf, deploy("logrotate.conf").replace("su wespeco wespeco", "su root root"));
    const { stdout, stderr } = await run("logrotate", ["-d", "-s", path.join(dir, "state"), conf]);
    const output = stdout + stderr;
    expect(output).not.toMatch(/^error/m);
    expect(output).toContain("Handling 1 logs");
  });

  it("has an environment template with every setting production requires", () => {
    const env = envOf(deploy("wespeco.env.example"));
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe("production");
    for (const key of [
      "PUBLIC_URL",
      "DATABASE_URL",
      "REDIS_URL",
      "DATA_DIR",
      "BACKUP_DIR",
      "BACKUP_KEY_FILE",
      "AUTH_SECRET",
      "ALTCHA_HMAC_KEY",
      "METRICS_PORT",
    ])
      expect(env[key], key).toBeTruthy();
    // Nothing in it the service does not read (a misspelt name would be silently ignored).
    const source =
      fs.readFileSync(path.join(root, "server", "config.ts"), "utf8") +
      fs.readFileSync(path.join(root, "modules", "shared", "captcha-settings.ts"), "utf8") +
      deploy("wespeco-site.service");
    for (const key of Object.keys(env)) expect(source, key).toMatch(new RegExp(`\\b${key}\\b`));
  });
});
