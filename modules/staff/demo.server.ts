/**
 * A newcomer's first start: with demo content on and no staff account yet, create a demo
 * administrator and print its enrolment link, so the console can be tried at once. There is
 * never a default password; the link works once, for 24 hours. While that account has not
 * finished enrolment, each start prints a fresh link.
 */
import type { Db } from "../../db/client";
import { COMMAND_LINE, countStaff, inviteStaff, listStaff, renewEnrolment } from "./users.server";

export const DEMO_ADMIN_EMAIL = "admin@example.com";

export async function demoAdminLink(db: Db, publicUrl: string): Promise<string | null> {
  if ((await countStaff(db)) === 0) {
    return (await inviteStaff(db, { email: DEMO_ADMIN_EMAIL, name: "Demo administrator", role: "admin" }, COMMAND_LINE, publicUrl)).url;
  }
  const all = await listStaff(db);
  const demo = all.find((u) => u.email === DEMO_ADMIN_EMAIL);
  if (all.length === 1 && demo && !demo.enrolled && !demo.disabledAt) {
    return (await renewEnrolment(db, demo.id, COMMAND_LINE, publicUrl)).url;
  }
  return null;
}
