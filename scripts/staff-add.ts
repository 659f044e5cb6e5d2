/**
 * `npm run staff:add -- --email ADDRESS --role admin [--name "Full Name"]`
 * Creates a staff account and prints its one-time enrolment link (valid 24 hours). For an
 * existing account it prints a new link (the earlier ones stop working): that is also how a
 * lost phone or passkey is replaced. With the embedded database, stop the server first (it refuses while the site runs).
 */
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { DataDirBusyError, migrate, openDatabase } from "../db/client";
import { staffUser } from "../db/schema";
import { isRole, roles } from "../modules/staff/permissions";
import { COMMAND_LINE, inviteStaff, renewEnrolment, StaffUserError } from "../modules/staff/users.server";
import { loadConfig } from "../server/config";

const usage = `Usage: npm run staff:add -- --email ADDRESS --role ROLE [--name "Full Name"]\nRoles: ${roles.join(", ")}`;
let values;
try {
  ({ values } = parseArgs({ options: { email: { type: "string" }, role: { type: "string" }, name: { type: "string" } } }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
const email = values.email?.trim().toLowerCase() ?? "";
if (!z.email().safeParse(email).success) {
  console.error(`--email must be an e-mail address.\n${usage}`);
  process.exit(2);
}
if (!isRole(values.role)) {
  console.error(`--role must be one of: ${roles.join(", ")}.\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
let handle: Awaited<ReturnType<typeof openDatabase>>;
try {
  handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
try {
  await migrate(handle);
  const [existing] = await handle.db.select({ id: staffUser.id, role: staffUser.role }).from(staffUser).where(eq(staffUser.email, email));
  const link = existing
    ? await renewEnrolment(handle.db, existing.id, COMMAND_LINE, config.publicUrl)
    : await inviteStaff(handle.db, { email, name: values.name ?? "", role: values.role }, COMMAND_LINE, config.publicUrl);
  if (existing) console.log(`${email} already has an account (role ${existing.role}); here is a new enrolment link.`);
  else console.log(`Created ${email} (role ${values.role}).`);
  console.log(`Enrolment link (works once, until ${link.expiresAt.toISOString()}):\n\n  ${link.url}\n`);
} catch (error) {
  console.error(error instanceof StaffUserError ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
