/**
 * A migrated and seeded PGlite data folder (DATA_DIR), made without starting the service:
 * bench/lib/service.mjs copies it for each service a benchmark starts when BENCH_TEMPLATE_DIR
 * is set (bench/ci.sh), instead of migrating and seeding again each time.
 */
import { loadConfig } from "../../server/config";
import { prepareDatabase } from "../../server/start";

const database = await prepareDatabase(loadConfig());
await database.close();
