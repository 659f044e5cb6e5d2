import { data } from "react-router";
import { groupLines, storedBillLines } from "../../../modules/portal/bill-lines";
import { formatDate } from "../../../modules/shared/dates";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/bill";
import { requireLinkedBill } from "./account.server";
import { memberHeaders, withCookies } from "./session.server";
import { kwhText, monthName, PortalBar, php, portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ params, location }) =>
  portalMeta(location.pathname, (t) => t("mco.bill", { bill: params.bill }));
export const headers = memberHeaders;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, bill, accountNumber } = await requireLinkedBill(request, context, params.account, params.bill);
  const groups = groupLines(storedBillLines(bill, requestLocale(request)));
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
  const t = useT(portalMessages);
  const locale = useLocale();
  const lp = useLocalePath();
  const base = `/mco/accounts/${accountNumber}/bills/${encodeURIComponent(b.billNumber)}`;
  return (
    <div className="container page portal">
      <PortalBar />
      <p>
        <a href={lp(`/mco/accounts/${accountNumber}`)}>{t("mco.account", { account: accountNumber })}</a>
      </p>
      <h1>{t("mco.bill.title", { month: monthName(b.billingYear, b.billingMonth, locale) })}</h1>
      <p>
        {/* The file is unprefixed (one resource); it is made in the language of the page that links to it. */}
        <a href={`${base}/pdf?lang=${locale}`} className="button">
          {t("mco.bill.pdf")}
        </a>
      </p>
      <dl className="summary-list">
        <div>
          <dt>{t("mco.bill.number")}</dt>
          <dd>{b.billNumber}</dd>
        </div>
        <div>
          <dt>{t("mco.bill.period")}</dt>
          <dd>{t("mco.range", { from: formatDate(b.periodFrom, locale), to: formatDate(b.periodTo, locale) })}</dd>
        </div>
        <div>
          <dt>{t("mco.bill.readings")}</dt>
          <dd>
            {t("mco.range", { from: kwhText(b.previousReading, locale), to: kwhText(b.presentReading, locale) })}
            {b.multiplier !== 1 ? ` × ${b.multiplier}` : ""}
            {t("mco.bill.read", { date: formatDate(b.readingDate, locale) })}
          </dd>
        </div>
        <div>
          <dt>{t("mco.bill.energy")}</dt>
          <dd>{kwhText(b.kwh, locale)} kWh</dd>
        </div>
        {b.demandKw !== null && (
          <div>
            <dt>{t("mco.bill.demand")}</dt>
            <dd>{kwhText(b.demandKw, locale)} kW</dd>
          </div>
        )}
        <div>
          <dt>{t("mco.amountDue")}</dt>
          <dd>
            <strong>{php(b.totalDue, locale)}</strong>
          </dd>
        </div>
        <div>
          <dt>{t("mco.dueDate")}</dt>
          <dd>{formatDate(b.dueDate, locale)}</dd>
        </div>
        {b.disconnectionDate && (
          <div>
            <dt>{t("mco.disconnection")}</dt>
            <dd>{formatDate(b.disconnectionDate, locale)}</dd>
          </div>
        )}
      </dl>
      <h2>{t("mco.bill.charges")}</h2>
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
                  <td className="num">{php(l.amount, locale)}</td>
                </tr>
              ))}
            </tbody>
          ))}
          <tfoot>
            <tr>
              <td>{t("mco.bill.total")}</td>
              <td className="num">{php(b.totalDue, locale)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="portal-note">{t("mco.bill.note")}</p>
    </div>
  );
}
