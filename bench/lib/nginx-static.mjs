// Debian's nginx serving one saved page as a static file, one worker: the baseline of the
// load benchmark. With `gzipped` the same page is also saved as <file>.gz and served by
// gzip_static to clients that accept gzip (what nginx does for precompressed sites).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, waitFor } from "./service.mjs";

export async function startStaticNginx(bytes, urlPath, { gzipped } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-nginx-static-"));
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, "www", ...urlPath.split("/").filter(Boolean));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  if (gzipped) fs.writeFileSync(`${file}.gz`, gzipped);
  for (let d = path.dirname(file); d.startsWith(dir); d = path.dirname(d)) fs.chmodSync(d, 0o755);
  for (const f of [file, `${file}.gz`]) if (fs.existsSync(f)) fs.chmodSync(f, 0o644);
  const port = freePort();
  const conf = `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 100000;
  default_type text/html;
  gzip_static ${gzipped ? "on" : "off"};
  gzip_vary on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location / { try_files $uri =404; }
  }
}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = spawn("/usr/sbin/nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url + urlPath);
  return {
    url,
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((r) => setTimeout(r, 300));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
