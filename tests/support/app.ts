/**
 * A test server: the real app on a fresh seeded database. `inject` for API tests;
 * `listen` for browser tests (on a free port of 127.0.0.1).
 */
import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "../../server/config";
import { startApp } from "../../server/start";
import { createBus, type Bus } from "../../server/bus";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  bus: Bus;
  /** Base URL once `listen()` was called. */
  url: string;
  listen(): Promise<string>;
  close(): Promise<void>;
}

export async function createTestApp(opts: { withPages?: boolean; env?: Record<string, string>; redis?: boolean } = {}): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "off",
    // Tests see every change at once; the cache has its own tests (tests/api/cache.test.ts).
    CACHE_TTL_MS: "0",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...(opts.redis && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  });
  const bus = await createBus(config.REDIS_URL);
  const app = await startApp(config, { database: db.handle, bus, withPages: opts.withPages ?? false, logger: false });
  const testApp: TestApp = {
    app,
    db,
    config,
    bus,
    url: "",
    async listen() {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      testApp.url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      return testApp.url;
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
  return testApp;
}
