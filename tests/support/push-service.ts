/**
 * A local push service (web-push-testing) on a free loopback port: subscribe as a browser
 * would, read the notifications it received, expire a subscription (then it answers 410).
 */

import { createRequire } from "node:module";
import net from "node:net";

const require = createRequire(import.meta.url);

export interface PushStandIn {
  url: string;
  subscribe(applicationServerKey: string): Promise<{ endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }>;
  notifications(clientHash: string): Promise<string[]>;
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

export async function startPushService(): Promise<PushStandIn> {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as { PushApiModel: new () => unknown };
  const Server = require("web-push-testing/src/server.js") as new (
    model: unknown,
    port: number,
  ) => { startServer(): void; _server: import("node:http").Server };
  const port = await freePort();
  const log = console.log;
  console.log = () => {}; // it announces its port on stdout
  const server = new Server(new PushApiModel(), port);
  server.startServer();
  await new Promise((r) => server._server.once("listening", r));
  console.log = log;
  const url = `http://localhost:${port}`;
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const text = await r.text();
    if (!r.ok) throw new Error(`push service ${path}: ${r.status} ${text}`);
    return text.startsWith("{") ? JSON.parse(text) : null;
  };
  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = await post("/subscribe", { userVisibleOnly: "true", applicationServerKey });
      return data;
    },
    async notifications(clientHash) {
      const { data } = await post("/get-notifications", { clientHash });
      return data.messages;
    },
    async expire(clientHash) {
      await post(`/expire-subscription/${clientHash}`, {});
    },
    close: () => new Promise<void>((r) => server._server.close(() => r())),
  };
}
