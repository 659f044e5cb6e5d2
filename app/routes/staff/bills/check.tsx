/**
 * /staff/bills/check: the bills whose lines differ from their recomputation on the published
 * schedule of their month and class by more than one centavo, with the line and both figures:
 * a billing error caught before members see it. Account numbers and amounts: audited as a view.
 */
import { Link } from "react-router";
import { listBillDifferences } from "../../../../modules/bills/inquiry.server";
import { pesos } from "../../../../modules/bills/money";
import { services } from "../../../context";
import { ConsoleTable } from "../ConsoleTable";
import { requireStaff } from "../guard.server";
import { auditMember } from "../members/audit.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/check";

export const handle: ConsoleHandle = { staff: "bills.import" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "bills.import");
  const report = await listBillDifferences(services(args.context).db);
  await auditMember(args, me, { action: "bill_check.viewed", objectType: "bill_check", after: { listed: report.rows.length } });
  return report;
}

export const meta: Route.MetaFunction = () => consoleMeta("Bill check");

export default function BillCheck({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <p>
        <Link to="/staff/bills">Bills and payments</Link>
      </p>
      <h1>Bill check</h1>
      <p>
        Every imported bill is recomputed from the published rate schedule of its month and class (kWh × rate, the per-meter and
        per-customer charges, VAT, the lifeline and senior citizen discounts). These bills have a line that differs by more than one
        centavo: {d.total.toLocaleString("en-PH")} in all{d.total > d.rows.length ? `, the first ${d.rows.length} shown` : ""}.
        {d.unchecked > 0 && (
          <> {d.unchecked.toLocaleString("en-PH")} bills could not be checked: no schedule was published for their month and class.</>
        )}
      </p>
      {d.rows.length === 0 ? (
        <p className="console-status" role="status">
          No bill differs from the schedule.
        </p>
      ) : (
        <ConsoleTable
          caption="Bills that differ from the schedule"
          columns={["Bill", "Account", "Month, class", "kWh", "Line", "Billed", "Recomputed"]}
        >
          {d.rows.flatMap((b) =>
            (b.differences ?? []).map((x, i) => (
              <tr key={`${b.billNumber}-${x.line}`}>
                <td>{i === 0 ? b.billNumber : ""}</td>
                <td>{i === 0 ? b.accountNumber : ""}</td>
                <td>{i === 0 ? `${b.billingYear}-${String(b.billingMonth).padStart(2, "0")} ${b.rateClass}` : ""}</td>
                <td>{i === 0 ? Number(b.kwh).toLocaleString("en-PH") : ""}</td>
                <td>{x.label}</td>
                <td className="num">{pesos(x.billed)}</td>
                <td className="num">{pesos(x.computed)}</td>
              </tr>
            )),
          )}
        </ConsoleTable>
      )}
    </>
  );
}
