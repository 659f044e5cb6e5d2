/** The account's bills as CSV: month, period, kWh, amount, due date (for a spreadsheet). */

import { pesosPlain } from "../../../modules/bills/money";
import { billHistory } from "../../../modules/portal/accounts.server";
import { csvFile } from "../../../modules/shared/csv";
import { services } from "../../context";
import type { Route } from "./+types/usage-csv";
import { requireLinkedAccount } from "./account.server";
import { MEMBER_CACHE_CONTROL } from "./session.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, accountNumber } = await requireLinkedAccount(request, context, params.account);
  const rows = await billHistory(services(context).db, accountNumber, 24);
  const body = csvFile([
    ["month", "period_from", "period_to", "kwh", "amount_due_php", "due_date", "bill_number"],
    ...[...rows]
      .reverse()
      .map((b) => [
        `${b.billingYear}-${String(b.billingMonth).padStart(2, "0")}`,
        b.periodFrom,
        b.periodTo,
        b.kwh,
        pesosPlain(b.totalDue),
        b.dueDate,
        b.billNumber,
      ]),
  ]);
  const headers = new Headers({
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="usage-${accountNumber}.csv"`,
    "Cache-Control": MEMBER_CACHE_CONTROL,
  });
  for (const c of member.cookies) headers.append("Set-Cookie", c);
  return new Response(body, { headers });
}
