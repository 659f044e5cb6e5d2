// The ceiling of a Node process for the load benchmark: node:http alone, in its own process,
// answering every request with one stored response (status, headers and body as the service
// sent them) and nothing else: no routing, no log, no hooks. What the service's cached page
// could reach if its own work cost nothing, on the same machine, in the same run.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, nodeBin, waitFor } from "./service.mjs";

const SERVER = `
const http = require("node:http");
const fs = require("node:fs");
const [file, port] = process.argv.slice(1);
const stored = JSON.parse(fs.readFileSync(file, "utf8"));
const body = Buffer.from(stored.body, "base64");
http.createServer((req, res) => {
  res.writeHead(stored.status, stored.headers);
  res.end(body);
}).listen(Number(port), "127.0.0.1");
`;

/**
 * response: the service's fetch Response, whose status and headers are served; body: the
 * bytes it sent (fetch decodes a compressed body: the caller gives the encoded bytes).
 */
export async function startNodeStatic(response, body) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "coop-node-static-"));
  const headers = [];
  const skipped = ["date", "connection", "keep-alive", "transfer-encoding", "content-length"];
  for (const [k, v] of response.headers) if (!skipped.includes(k)) headers.push(k, v);
  headers.push("content-length", String(body.length));
  fs.writeFileSync(path.join(dir, "stored.json"), JSON.stringify({ status: response.status, headers, body: body.toString("base64") }));
  const port = freePort();
  const child = spawn(nodeBin, ["-e", SERVER, path.join(dir, "stored.json"), String(port)], { stdio: "inherit" });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/`);
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
