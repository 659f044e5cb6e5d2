import { data } from "react-router";
import { accountBill } from "../../../modules/portal/accounts.server";
import { groupLines, storedBillLines } from "../../../modules/portal/bill-lines";
import { formatDate } from "../../../modules/shared/dates";
import { services } from "../../context";
import type { Route } from "./+types/bill";
import { requireLinkedAccount } from "./account.server";
import { memberHeaders, withCookies } from "./session.server";
import { kwhText, monthName, PortalBar, php } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Bill ${params.bill} | Member portal | WESPECO` },
  { name: "robots", content: "noindex" },
];
export const headers = memberHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, accountNumber } = await requireLinkedAccount(request, context, params.account);
  const bill = await accountBill(services(context).db, accountNumber, params.bill);
  if (!bill) throw data("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  const groups = groupLines(storedBillLines(bill));
  return data(
    {
      accountNumber,
      bill: {
        billNumber: bill.billNumber,
        billingYear: bill.billingYear,
        billingMonth: bill.billingMonth,
        rateClass: bill.rateClass,
        periodFrom: bill.periodFrom,
        periodTo: bill.periodTo,
        readingDate: bill.readingDate,
        previousReading: bill.previousReading,
        presentReading: bill.presentReading,
        multiplier: bill.multiplier,
        kwh: bill.kwh,
        demandKw: bill.demandKw,
        totalDue: bill.totalDue,
        dueDate: bill.dueDate,
        disconnectionDate: bill.disconnectionDate,
      },
      groups,
    },
    { headers: withCookies(member) },
  );
}

export default function BillPage({ loaderData }: Route.ComponentProps) {
  const { accountNumber, bill: b, groups } = loaderData;
  const base = `/mco/accounts/${accountNumber}/bills/${encodeURIComponent(b.billNumber)}`;
  return (
    <div className="container page portal">
      <PortalBar />
      <p>
        <a href={`/mco/accounts/${accountNumber}`}>Account {accountNumber}</a>
      </p>
      <h1>Bill for {monthName(b.billingYear, b.billingMonth)}</h1>
      <p>
        <a href={`${base}/pdf`} className="button">
          Download the bill (PDF)
        </a>
      </p>
      <dl className="summary-list">
        <div>
          <dt>Bill number</dt>
          <dd>{b.billNumber}</dd>
        </div>
        <div>
          <dt>Billing period</dt>
          <dd>
            {formatDate(b.periodFrom)} to {formatDate(b.periodTo)}
          </dd>
        </div>
        <div>
          <dt>Meter readings</dt>
          <dd>
            {kwhText(b.previousReading)} to {kwhText(b.presentReading)}
            {b.multiplier !== 1 ? ` × ${b.multiplier}` : ""}, read {formatDate(b.readingDate)}
          </dd>
        </div>
        <div>
          <dt>Energy used</dt>
          <dd>{kwhText(b.kwh)} kWh</dd>
        </div>
        {b.demandKw !== null && (
          <div>
            <dt>Billed demand</dt>
            <dd>{kwhText(b.demandKw)} kW</dd>
          </div>
        )}
        <div>
          <dt>Amount due</dt>
          <dd>
            <strong>{php(b.totalDue)}</strong>
          </dd>
        </div>
        <div>
          <dt>Due date</dt>
          <dd>{formatDate(b.dueDate)}</dd>
        </div>
        {b.disconnectionDate && (
          <div>
            <dt>Disconnection date</dt>
            <dd>{formatDate(b.disconnectionDate)}</dd>
          </div>
        )}
      </dl>
      <h2>Charges</h2>
      <div className="portal-scroll">
        <table className="portal-table">
          {groups.map((g) => (
            <tbody key={g.group}>
              <tr>
                <th scope="rowgroup" colSpan={2}>
                  {g.group}
                </th>
              </tr>
              {g.lines.map((l) => (
                <tr key={l.label}>
                  <td>{l.label}</td>
                  <td className="num">{php(l.amount)}</td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr>
              <td>Total amount due</td>
              <td className="num">{php(b.totalDue)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="portal-note">The lines as the cooperative's billing system sent them.</p>
    </div>
  );
}
