/** /staff/members/agam-tally.csv: the tally as CSV (an export: recorded in the audit log). */
import { loadTally } from "../../../../modules/agam/admin.server";
import { tallyCsv } from "../../../../modules/agam/tally";
import { now } from "../../../../modules/shared/clock";
import { manilaIsoDate } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/tally-csv";
import { auditMember, download } from "./audit.server";

export const handle: ConsoleHandle = { staff: "members.read" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.read");
  const tally = await loadTally(services(args.context).db);
  await auditMember(args, me, { action: "agam_tally.exported", objectType: "agam_tally", after: { registered: tally.quorum.registered } });
  return download(tallyCsv(tally), "text/csv", `agam-tally-${manilaIsoDate(now())}.csv`);
}
