/**
 * `npm run db:seed`: empties the database and seeds the demo content again, on purpose.
 * An entry point like server/start.ts: it reads the server's configuration and hands the
 * seed (seed/, which imports only modules/ and db/) what it needs.
 */

import { migrate, openDatabase } from "../db/client";
import { clearAll, seedDemo } from "../seed/index";
import { loadConfig } from "../server/config";

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(handle);
await clearAll(handle.db);
await seedDemo(handle.db, config.storageDir);
await handle.close();
console.log(`Seeded demo content into ${handle.kind === "pglite" ? config.dataDir : "PostgreSQL"}.`);
