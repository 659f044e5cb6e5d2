/** /staff/members/privacy/export.json?q=…: every record of one person as one JSON file (an export: audited). */
import { data } from "react-router";
import { ERASABLE_KINDS } from "../../../../modules/privacy/personal-data";
import { findSubject, subjectKeyOf } from "../../../../modules/privacy/personal-data.server";
import { now } from "../../../../modules/shared/clock";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/privacy-export";
import { auditMember, download } from "./audit.server";

export const handle: ConsoleHandle = { staff: "members.manage" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.manage");
  const key = subjectKeyOf(new URL(args.request.url).searchParams.get("q") ?? "");
  if (!key) throw data({ message: "Give an account number, e-mail or mobile number (?q=)." }, { status: 400 });
  const found = await findSubject(staffServices(args).db, key);
  await auditMember(args, me, {
    action: "data_subject.exported",
    objectType: "data_subject",
    objectId: `${key.kind}:${key.value}`,
    after: { found: Object.fromEntries(ERASABLE_KINDS.map((k) => [k, found[k].length])) },
  });
  const body = { exportedAt: now().toISOString(), exportedBy: me.email, ...found };
  return download(JSON.stringify(body, null, 2), "application/json", `personal-data-${key.kind}.json`);
}
