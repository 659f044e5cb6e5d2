import { Writable } from "node:stream";
import { buildApp } from "../../server/app";
import { createLocalBus } from "../../server/bus";
import { loadConfig } from "../../server/config";
import type { TestDatabase } from "./database";

/** The app on a test database at LOG_LEVEL=info, its log lines (JSON, one per entry) collected as they are written. */
export async function appWritingLogs(db: TestDatabase) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  const config = loadConfig({
    DATA_DIR: db.dataDir,
    LOG_LEVEL: "info",
    RATE_LIMIT: "off",
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
  });
  const app = await buildApp({ config, database: db.handle, bus: createLocalBus(), logger: { stream } });
  return { app, lines };
}
