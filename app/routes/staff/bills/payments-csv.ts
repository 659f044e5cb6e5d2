/** /staff/bills/payments/to-post.csv: the online payments for the billing system to post (an export: audited). */
import { onlinePaymentsCsv } from "../../../../modules/payments/export";
import { unpostedPayments } from "../../../../modules/payments/posting.server";
import { now } from "../../../../modules/shared/clock";
import { manilaIsoDate } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { requireStaff } from "../guard.server";
import { auditMember, download } from "../members/audit.server";
import type { ConsoleHandle } from "../nav";
import type { Route } from "./+types/payments-csv";

export const handle: ConsoleHandle = { staff: "payments.reconcile" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "payments.reconcile");
  const list = await unpostedPayments(services(args.context).db);
  await auditMember(args, me, {
    action: "online_payments.exported",
    objectType: "online_payment",
    after: { via: "console", rows: list.length },
  });
  return download(onlinePaymentsCsv(list), "text/csv", `online-payments-to-post-${manilaIsoDate(now())}.csv`);
}
