import fs from "node:fs";
import { sql } from "drizzle-orm";
import { migrate, openDatabase } from "../db/client";
import { seedDemo } from "../db/seed/index";
const dir = "/tmp/i25/seeddb";
fs.rmSync(dir, { recursive: true, force: true });
const h = await openDatabase({ dataDir: dir });
await migrate(h);
const t0 = performance.now();
await seedDemo(h.db, dir + "/storage");
console.log("seed ms", Math.round(performance.now() - t0));
for (const q of [
  "select count(*) from bills", "select count(*) from payments", "select count(*) from rate_schedule",
  "select bill_number, differences from bills where jsonb_array_length(differences) > 0",
  "select count(*) from bills where differences is null",
])
  console.log(q, JSON.stringify((await h.db.execute(sql.raw(q))).rows));
await h.close();
