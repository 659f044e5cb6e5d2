/**
 * A test server: the real app on a fresh seeded database. `inject` for API tests;
 * `listen` for browser tests (on a free port of 127.0.0.1).
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll } from "vitest";
import { type Bus, createBus } from "../../server/bus";
import { type Config, loadConfig } from "../../server/config";
import { startApp } from "../../server/start";
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

export async function createTestApp(
  opts: {
    withPages?: boolean;
    env?: Record<string, string>;
    redis?: boolean;
    /** Pino options (a stream to collect the log lines in); with LOG_LEVEL in env. No log otherwise. */
    logger?: object;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: db.dataDir,
    LOG_LEVEL: "silent",
    SEED_DEMO: "off",
    // Tests see every change at once; the cache has its own tests (tests/server/cache.test.ts).
    CACHE_TTL_MS: "0",
    REFERENCE_TTL_MS: "0",
    // The alerts worker (pg-boss) runs only in the tests that ask for it.
    ALERTS_WORKER: "off",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...(opts.redis && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...opts.env,
  });
  const bus = await createBus(config.REDIS_URL);
  const app = await startApp(config, { database: db.handle, bus, withPages: opts.withPages ?? false, logger: opts.logger ?? false });
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
      // Absolute links come from PUBLIC_URL only; a test server's public origin is where it listens.
      if (!opts.env?.PUBLIC_URL) config.publicUrl = testApp.url;
      return testApp.url;
    },
    async close() {
      await app.close();
      await db.cleanup();
    },
  };
  return testApp;
}

/**
 * The site for one test file, as a fixture: started (with pages, listening) before the
 * file's tests and closed after them. Use it at the top of a describe block:
 *   const t = useSite();            // then t.url, t.app, t.db as with createTestApp
 */
export function useSite(opts: Parameters<typeof createTestApp>[0] = {}): TestApp {
  let site: TestApp | undefined;
  beforeAll(async () => {
    site = await createTestApp({ withPages: true, ...opts });
    await site.listen();
  });
  afterAll(async () => site?.close());
  const running = (): TestApp => {
    if (!site) throw new Error("the site starts in beforeAll: use it inside a test or hook");
    return site;
  };
  return {
    get app() {
      return running().app;
    },
    get db() {
      return running().db;
    },
    get config() {
      return running().config;
    },
    get bus() {
      return running().bus;
    },
    get url() {
      return running().url;
    },
    listen: () => running().listen(),
    close: () => running().close(),
  };
}
