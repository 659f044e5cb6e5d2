/**
 * /staff/bills/payments: online payments for the billing staff. One Manila day (today unless
 * another is picked) reconciled: paid, the gateway's events, posted, and the differences (paid
 * but not posted, posted but not paid, amounts that differ, refunds due); above them, every
 * payment still not posted after two days; and the download of what the billing system is to
 * post. Accounts and amounts: every view is audited (the download too, payments-csv.ts).
 */
import type { ReactNode } from "react";
import { Link } from "react-router";
import { pesos } from "../../../../modules/bills/money";
import { helpPath } from "../../../../modules/help/topics";
import { manilaDay, UNMATCHED_WORDS } from "../../../../modules/payments/reconcile";
import { reconcileDay } from "../../../../modules/payments/reconcile.server";
import { now } from "../../../../modules/shared/clock";
import { formatDate, formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { ConsoleTable } from "../ConsoleTable";
import { FilterForm, FilterInput } from "../Filters";
import { requireStaff } from "../guard.server";
import { auditMember } from "../members/audit.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/payments";

export const handle: ConsoleHandle = { staff: "payments.reconcile" };

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "payments.reconcile");
  const at = now();
  const { day, valid } = manilaDay(new URL(args.request.url).searchParams.get("day"), at);
  const report = await reconcileDay(services(args.context).db, day, at);
  await auditMember(args, me, {
    action: "online_payments.viewed",
    objectType: "online_payment",
    after: {
      day: report.day,
      paid: report.paid.length,
      notPosted: report.paidNotPosted.length,
      postedNotPaid: report.postedNotPaid.length,
      amountsDiffer: report.amountsDiffer.length,
      refundsDue: report.refundsDue.length,
      overdue: report.overdue.length,
    },
  });
  return { ...report, invalidDay: !valid, dayStart: day.from };
}

export const meta: Route.MetaFunction = () => consoleMeta("Online payments");

const n = (x: number) => x.toLocaleString("en-PH");
const money = (c: number | null) => (c === null ? "—" : `₱${pesos(c)}`);

/** A cell that names its column, for the stacked rows of a narrow screen (console.css). */
const Cell = ({ label, num, children }: { label: string; num?: boolean; children: ReactNode }) => (
  <td data-label={label} className={num ? "num" : undefined}>
    {children}
  </td>
);

const Test = ({ on }: { on: boolean }) => (on ? <> (test)</> : null);

export default function OnlinePayments({ loaderData: d }: Route.ComponentProps) {
  const total = d.paid.reduce((sum, p) => sum + p.amount, 0);
  const differences = d.paidNotPosted.length + d.postedNotPaid.length + d.amountsDiffer.length + d.refundsDue.length;
  return (
    <>
      <p>
        <Link to="/staff/bills">Bills and payments</Link>
      </p>
      <h1>Online payments</h1>
      <p>
        Payments made online count on their bill as “being posted” until the billing system’s payment file brings the official receipt with
        the payment’s reference (the <code>reference</code> column:{" "}
        <Link to={helpPath("bill-files", "online-payments")}>the payment file’s format</Link>).
      </p>
      <p>
        <a href="/staff/bills/payments/to-post.csv" download>
          Download the payments to post (CSV)
        </a>{" "}
        — every online payment paid and not yet posted; the billing system’s job reads the same list from{" "}
        <code>GET /api/v1/billing/online-payments</code> with its token.
      </p>

      <h2>Not posted after 2 days</h2>
      {d.overdue.length === 0 ? (
        <p className="console-status" role="status">
          Every online payment older than 2 days is posted.
        </p>
      ) : (
        <ConsoleTable caption={`${n(d.overdue.length)} waiting, oldest first`} className="console-table--stacked" columns={PAYMENT_COLUMNS}>
          {d.overdue.map((p) => (
            <PaymentRow key={p.reference} p={p} />
          ))}
        </ConsoleTable>
      )}

      <h2>One day</h2>
      <FilterForm label="Choose the day">
        <FilterInput name="day" label="Day (Manila)" type="date" value={d.day} />
      </FilterForm>
      {d.invalidDay && (
        <p className="console-status" role="status">
          That is not a date: today is shown.
        </p>
      )}
      <ConsoleTable
        caption={`${formatDate(d.dayStart)} at a glance`}
        className="console-table--stacked"
        columns={["What", "Count", "Amount, or the events by outcome"]}
      >
        <tr>
          <th scope="row">Paid online</th>
          <Cell label="Count" num>
            {n(d.paid.length)}
          </Cell>
          <Cell label="Amount" num>
            {money(total)}
          </Cell>
        </tr>
        <tr>
          <th scope="row">Gateway events received</th>
          <Cell label="Count" num>
            {n(d.events.total)}
          </Cell>
          <Cell label="By outcome">{d.events.byOutcome.map((o) => `${o.outcome}: ${n(o.count)}`).join(", ") || "—"}</Cell>
        </tr>
        <tr>
          <th scope="row">Posted by the billing system</th>
          <Cell label="Count" num>
            {n(d.postedCount)}
          </Cell>
          <Cell label="Amount" num>
            {money(d.paid.filter((p) => p.postedOrNumber !== null).reduce((sum, p) => sum + p.amount, 0))}
          </Cell>
        </tr>
      </ConsoleTable>

      <h2>Differences</h2>
      {differences === 0 && (
        <p className="console-status" role="status">
          No differences on this day.
        </p>
      )}
      {d.paidNotPosted.length > 0 && (
        <ConsoleTable caption="Paid but not posted" className="console-table--stacked" columns={[...PAYMENT_COLUMNS, "Waiting"]}>
          {d.paidNotPosted.map((p) => (
            <PaymentRow key={p.reference} p={p}>
              <Cell label="Waiting">{p.overdue ? <strong>More than 2 days</strong> : "Within 2 days"}</Cell>
            </PaymentRow>
          ))}
        </ConsoleTable>
      )}
      {d.postedNotPaid.length > 0 && (
        <ConsoleTable
          caption="Posted but not paid"
          className="console-table--stacked"
          columns={["OR number", "Reference", "Account", "Amount", "Why"]}
        >
          {d.postedNotPaid.map((r) => (
            <tr key={r.orNumber}>
              <Cell label="OR number">{r.orNumber}</Cell>
              <Cell label="Reference">{r.reference}</Cell>
              <Cell label="Account">{r.accountNumber}</Cell>
              <Cell label="Amount" num>
                {money(r.amount)}
              </Cell>
              <Cell label="Why">{UNMATCHED_WORDS[r.reason]}</Cell>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {d.amountsDiffer.length > 0 && (
        <ConsoleTable
          caption="Amounts that differ"
          className="console-table--stacked"
          columns={["From", "Event or OR", "Reference", "Expected", "Received"]}
        >
          {d.amountsDiffer.map((x) => (
            <tr key={`${x.source}-${x.id}`}>
              <Cell label="From">{x.source === "gateway" ? "Gateway (not applied)" : "Payment file"}</Cell>
              <Cell label="Event or OR">{x.id}</Cell>
              <Cell label="Reference">{x.reference ?? "—"}</Cell>
              <Cell label="Expected" num>
                {money(x.expected)}
              </Cell>
              <Cell label="Received" num>
                {money(x.received)}
              </Cell>
            </tr>
          ))}
        </ConsoleTable>
      )}
      {d.refundsDue.length > 0 && (
        <ConsoleTable caption="Refunds due (paid for a bill already paid)" className="console-table--stacked" columns={PAYMENT_COLUMNS}>
          {d.refundsDue.map((p) => (
            <PaymentRow key={p.reference} p={p} />
          ))}
        </ConsoleTable>
      )}
    </>
  );
}

const PAYMENT_COLUMNS = ["Reference", "Account", "Bill", "Amount", "Fee", "Paid", "Gateway payment"];

function PaymentRow({
  p,
  children,
}: {
  p: {
    reference: string;
    accountNumber: string;
    billNumber: string;
    amount: number;
    fee: number;
    paidAt: Date;
    gatewayPaymentId: string | null;
    testMode: boolean;
  };
  children?: ReactNode;
}) {
  return (
    <tr>
      <Cell label="Reference">
        {p.reference}
        <Test on={p.testMode} />
      </Cell>
      <Cell label="Account">{p.accountNumber}</Cell>
      <Cell label="Bill">{p.billNumber}</Cell>
      <Cell label="Amount" num>
        {money(p.amount)}
      </Cell>
      <Cell label="Fee" num>
        {money(p.fee)}
      </Cell>
      <Cell label="Paid">{formatDateTime(p.paidAt)}</Cell>
      <Cell label="Gateway payment">{p.gatewayPaymentId ?? "—"}</Cell>
      {children}
    </tr>
  );
}
