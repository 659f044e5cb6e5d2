/** `npm run db:seed`: empties the database and seeds the demo content again, on purpose. */

import { migrate, openDatabase } from "../db/client";
import { loadConfig } from "../server/config";
import { clearAll, seedDemo } from "./index";

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await migrate(handle);
await clearAll(handle.db);
await seedDemo(handle.db, config.storageDir);
await handle.close();
console.log(`Seeded demo content into ${handle.kind === "pglite" ? config.dataDir : "PostgreSQL"}.`);
