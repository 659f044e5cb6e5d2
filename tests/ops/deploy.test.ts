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

/** KEY=value lines of the template as systemd's EnvironmentFile reads them: comments and blanks aside, one pair of quotes taken off. */
function envOf(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1).replace(/^'(.*)'$|^"(.*)"$/, "$1$2")]),
  );
}

/** A program on PATH for the README's commands: `sudo -u USER cmd…` runs cmd…; `npm` prints its arguments and environment. */
function fakeTools(bin: string) {
  fs.mkdirSync(bin, { recursive: true });
  fs.writeFileSync(path.join(bin, "sudo"), '#!/bin/sh\n[ "$1" = -u ] && shift 2\nexec "$@"\n', { mode: 0o755 });
  fs.writeFileSync(
    path.join(bin, "npm"),
    `#!/bin/sh\nexec ${process.execPath} -e 'process.stdout.write(JSON.stringify({ args: process.argv.slice(1), env: process.env }))' -- "$@"\n`,
    { mode: 0o755 },
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
    // The service runs from its bundle, made by `npm run build` (scripts/build-service.mjs).
    for (const unit of units) expect(deploy(path.basename(unit))).toMatch(/^ExecStart=.*build\/service\/(index|worker)\.mjs$/m);
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

  it("has README commands that load the settings file and work on the shipped template", async () => {
    const template = path.join(dir, "wespeco.env");
    fs.writeFileSync(template, deploy("wespeco.env.example"), { mode: 0o600 });
    const bin = path.join(dir, "bin");
    fakeTools(bin);
    const commands = fs
      .readFileSync(path.join(root, "README.md"), "utf8")
      .split("\n")
      .filter((line) => line.includes("/etc/wespeco/wespeco.env") && line.includes("npm run"));
    expect(commands.length).toBeGreaterThanOrEqual(3);
    const expected = envOf(deploy("wespeco.env.example"));
    expect(expected.MAIL_FROM).toBe("WESPECO Alerts <alerts@wespeco.example.ph>");
    for (const command of commands) {
      // Root's shell on Debian is bash; sh (dash) as well, for a script.
      for (const shell of ["bash", "sh"]) {
        const { stdout } = await run(shell, ["-c", command.replaceAll("/etc/wespeco/wespeco.env", template)], {
          env: { PATH: `${bin}:${process.env.PATH}` },
        });
        const ran = JSON.parse(stdout) as { args: string[]; env: Record<string, string> };
        expect(ran.args[0], command).toBe("run");
        for (const [key, value] of Object.entries(expected)) expect(ran.env[key], `${key} in ${command}`).toBe(value);
      }
    }
  });

  it("has one upstream in nginx.conf unless a second is configured", () => {
    const upstream = /upstream coop_service \{([^}]*)\}/.exec(deploy("nginx.conf"))?.[1] ?? "";
    expect(upstream.split("\n").filter((l) => /^\s*server /.test(l))).toEqual(["    server 127.0.0.1:3000 max_fails=1 fail_timeout=5s;"]);
    // The second machine's line is there to set (README, "From one machine to two").
    expect(upstream).toMatch(/^\s*# server 10\.0\.0\.2:3000 /m);
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
