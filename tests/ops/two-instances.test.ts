/**
 * Two site instances on their own ports, sharing one PostgreSQL database and one Redis, behind
 * deploy/nginx.conf with both upstreams: what one publishes the other serves at once; one stopped
 * under load fails no GET (nginx sends it on), answers a form 503 with Retry-After, and takes
 * traffic again once started. Needs PostgreSQL and Redis (DATABASE_URL and REDIS_URL, as .ci/run
 * sets them): the embedded PGlite is one process's database.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/client";
import { announcementFormSchema, createAnnouncement } from "../../modules/content/announcement-editor.server";
import { CONTENT_CHANGED_CHANNEL, createBus } from "../../server/bus";
import { loadConfig } from "../../server/config";
import { startApp } from "../../server/start";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { type RunningNginx, startNginx } from "../support/nginx";
import { waitUntil } from "../support/wait";

const REDIS_URL = process.env.REDIS_URL;
const shared = Boolean(process.env.DATABASE_URL && REDIS_URL);

interface Instance {
  app: FastifyInstance;
  port: number;
  /** Requests this instance has answered. */
  served: { n: number };
  publish(area: string): Promise<void>;
}

let db: TestDatabase;
let a: Instance;
let b: Instance;
let nginx: RunningNginx;

async function startInstance(port = 0): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "off",
    CACHE_TTL_MS: "600000",
    ALERTS_WORKER: "off",
    RATE_LIMIT: "off",
    DATABASE_URL: db.databaseUrl!,
    REDIS_URL: REDIS_URL!,
  });
  const database = await openDatabase({ databaseUrl: db.databaseUrl, dataDir: db.dataDir });
  const bus = await createBus(REDIS_URL);
  const app = await startApp(config, { database, bus, withPages: true, logger: false });
  const served = { n: 0 };
  app.addHook("onResponse", async () => void served.n++);
  await app.listen({ port, host: "127.0.0.1" });
  const address = app.server.address();
  return {
    app,
    port: typeof address === "object" && address ? address.port : port,
    served,
    publish: (area) => bus.publish(CONTENT_CHANGED_CHANNEL, area),
  };
}

beforeAll(async () => {
  if (!shared) return;
  db = await createTestDatabase();
  [a, b] = [await startInstance(), await startInstance()];
  nginx = await startNginx({ upstreamPorts: [a.port, b.port] });
});

afterAll(async () => {
  await nginx?.stop();
  await a?.app.close();
  await b?.app.close();
  await db?.cleanup();
});

describe.runIf(shared)("two instances behind nginx, one PostgreSQL, one Redis", () => {
  it("serves on the second what was published on the first within a second", async () => {
    const url = `http://127.0.0.1:${b.port}/api/v1/announcements/advisory`;
    await fetch(url);
    expect((await fetch(url)).headers.get("x-cache")).toBe("HIT"); // the second instance holds a copy
    await createAnnouncement(
      {
        db: a.app.deps.database.db,
        actor: { id: "u1", name: "Comms" },
        contentChanged: a.publish,
        storageDir: a.app.deps.config.storageDir,
      },
      "advisory",
      announcementFormSchema.parse({ title: "Typhoon advisory 6130", body: "Signal no. 3", publish: "now" }),
    );
    await waitUntil(async () => (await (await fetch(url)).text()).includes("Typhoon advisory 6130"), 1000);
  });

  it("fails no GET while one stops under load, answers a form 503 with Retry-After, and takes traffic once started again", async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let running = true;
    let n = 0;
    const paths = ["/", "/news/power-interruptions", "/api/v1/branch", "/api/v1/power-interruption/incoming"];
    // Each request a new URL, so that nginx's micro-cache does not answer for the instances.
    const client = async () => {
      while (running) {
        const path = paths[n % paths.length]!;
        const url = `${nginx.url}${path}${path.includes("?") ? "&" : "?"}load=${n++}`;
        try {
          const r = await fetch(url);
          await r.arrayBuffer();
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status >= 500) failures.push(`${r.status} ${url}`);
        } catch (e) {
          failures.push(`${(e as Error).message} ${url}`);
        }
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await waitUntil(async () => a.served.n > 20 && b.served.n > 20);

    // Stopping: from its first moment (stopping) what reaches it is told to come back; nginx
    // sends a GET on to the other, and hands a form's sender the 503 with its Retry-After.
    b.app.stopping.on = true;
    const forms = await Promise.all(
      Array.from({ length: 6 }, () =>
        fetch(`${nginx.url}/api/v1/customer-satisfaction-survey`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }),
      ),
    );
    for (const f of forms) {
      expect([422, 503]).toContain(f.status); // 422: the other's answer to an empty survey
      if (f.status === 503) expect(Number(f.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const direct = await fetch(`http://127.0.0.1:${b.port}/report`, { method: "POST", headers: { accept: "text/html" }, body: "" });
    expect(direct.status).toBe(503);
    expect(direct.headers.get("retry-after")).toBe("5");
    expect(await direct.text()).toContain("what you typed is still there");
    await b.app.close();
    const servedWhileDown = a.served.n;
    await waitUntil(async () => a.served.n > servedWhileDown + 50);
    // A form through nginx while one is down reaches the other: its ordinary answer (422 for an empty survey).
    const viaNginx = await fetch(`${nginx.url}/api/v1/customer-satisfaction-survey`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(viaNginx.status).toBe(422);

    // Started again on its port: nginx sends it traffic again (after its fail_timeout).
    b = await startInstance(b.port);
    await waitUntil(async () => b.served.n > 10, 20_000);
    running = false;
    await Promise.all(clients);
    expect(failures).toEqual([]);
    expect(statuses.get(200)).toBeGreaterThan(100);
  });
});
