import { data, redirect } from "react-router";
import { CONSENT_TEXTS } from "../../../modules/alerts/messages";
import { subscribeConfirmed, subscriptionOfAddress } from "../../../modules/alerts/subscriptions.server";
import { payableBill, postingByBill } from "../../../modules/payments/pay.server";
import { barangayOfAddress } from "../../../modules/places/barangays.server";
import { accountOverview, accountPayments, billHistory } from "../../../modules/portal/accounts.server";
import { type Contact, maskContact } from "../../../modules/portal/contact";
import { memberById, setMemberLanguage, setPaperless, unlinkAccount } from "../../../modules/portal/members.server";
import { CLOSED_STATUSES } from "../../../modules/reports/model";
import { listAccountReports } from "../../../modules/reports/queries.server";
import { now } from "../../../modules/shared/clock";
import { TOWNS, type Town } from "../../../modules/shared/constants";
import { formatDate, formatDateTime, manilaIsoDate } from "../../../modules/shared/dates";
import { normalizeMobile } from "../../../modules/shared/phone";
import { services } from "../../context";
import { requestLocale, useLocale, useLocalePath, useT } from "../../i18n";
import { paymentMessages } from "../../messages/payments";
import { portalMessages } from "../../messages/portal";
import { reportStatusMessages, STATUS_KEYS } from "../../messages/report-status";
import { REPORT_KIND_KEYS, reportMessages } from "../../messages/reports";
import { WhereToPay } from "../payments/WhereToPay";
import { whereToPay } from "../payments/where-to-pay.server";
import type { Route } from "./+types/account";
import { requireLinkedAccount } from "./account.server";
import { MEMBER_CACHE_CONTROL, memberHeaders, portalPath, withCookies } from "./session.server";
import { kwhText, monthName, PortalBar, php, portalMeta, StatusBadge } from "./ui";
import { UsageChart, usageMonths } from "./usage";
import "./portal.css";

export const meta: Route.MetaFunction = ({ params, location }) =>
  portalMeta(location.pathname, (t) => t("mco.account", { account: params.account }));
export const headers = memberHeaders;

/** The portal's confirmed contact as an alert endpoint (a mobile number as the gateway takes it). */
function alertAddress(contact: Contact | null | undefined): { channel: "email" | "sms"; address: string } | null {
  if (!contact) return null;
  if (contact.kind === "email") return { channel: "email", address: contact.value };
  const mobile = normalizeMobile(contact.value);
  return mobile ? { channel: "sms", address: mobile } : null;
}

const townOf = (town: string | null): Town | null => TOWNS.find((t) => t === town) ?? null;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, link, accountNumber } = await requireLinkedAccount(request, context, params.account);
  const { db } = services(context);
  const [overview, history, payments, me, posting] = await Promise.all([
    accountOverview(db, accountNumber),
    billHistory(db, accountNumber, 25),
    accountPayments(db, accountNumber),
    memberById(db, member.userId),
    postingByBill(db, accountNumber),
  ]);
  const latestPayable = overview.latest ? await payableBill(db, accountNumber, overview.latest.billNumber) : null;
  // The latest bill's online payment: being posted (with its reference), or a Pay button while something is left.
  const pay = overview.latest
    ? {
        posting: posting.get(overview.latest.billNumber)?.reference ?? null,
        balance: latestPayable?.balance ?? 0,
        online: Boolean(services(context).payments),
      }
    : null;
  // Where else to pay, while the latest bill has something left to pay and no online payment is being posted.
  const places = pay && !pay.posting && pay.balance > 0 ? await whereToPay(context, requestLocale(request)) : [];
  // New-bill notices go to the contact the member signs in with: an e-bill by e-mail, or a text.
  const notice = me?.contact ? { kind: me.contact.kind, to: maskContact(me.contact) } : null;
  const endpoint = alertAddress(me?.contact);
  const town = townOf(overview.town);
  const [subscription, barangay, reports] = await Promise.all([
    endpoint && town ? subscriptionOfAddress(db, endpoint.channel, endpoint.address) : null,
    town ? barangayOfAddress(db, town, overview.address) : null,
    listAccountReports(db, accountNumber),
  ]);
  const alerts = {
    town,
    // The account's barangay when its address on the roll names one; else the whole town.
    place: town ? (barangay ? `${barangay.name}, ${town}` : town) : null,
    contact: me?.contact ? maskContact(me.contact) : null,
    manageToken: subscription?.manageToken ?? null,
    following: Boolean(subscription?.areas.some((a) => a.town === town && (a.barangayId === null || a.barangayId === barangay?.id))),
  };
  // The report form with this account (and, when the roll's address names it, the barangay) chosen.
  const reportQuery = new URLSearchParams({
    kind: "no-power",
    ...(barangay ? { barangay: String(barangay.id) } : {}),
    account: accountNumber,
  });
  const outages = {
    reportHref: `/report?${reportQuery}`,
    reports: reports.map((r) => ({
      reference: r.reference,
      kind: r.incident.kind,
      place: `${r.incident.barangay}, ${r.incident.town}`,
      landmark: r.landmark,
      at: r.createdAt.toISOString(),
      status: r.incident.status,
      etr: r.incident.etr && !CLOSED_STATUSES.has(r.incident.status) ? r.incident.etr.toISOString() : null,
    })),
  };
  return data(
    {
      overview,
      history: history.slice(0, 24),
      usage: usageMonths(history),
      payments,
      paperless: link.paperless,
      notice,
      alerts,
      pay,
      places,
      outages,
      // Manila's today (the site's clock): a date already past is worded as past.
      today: manilaIsoDate(now()),
    },
    { headers: withCookies(member) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { member, accountNumber } = await requireLinkedAccount(request, context, params.account);
  const { db } = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "unlink") {
    await unlinkAccount(db, member.userId, accountNumber);
    throw redirect(portalPath(request, "/mco"), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  }
  if (intent === "alerts-on") {
    const [me, overview] = await Promise.all([memberById(db, member.userId), accountOverview(db, accountNumber)]);
    const endpoint = alertAddress(me?.contact);
    const town = townOf(overview.town);
    const language = requestLocale(request);
    if (endpoint && town) {
      const barangay = await barangayOfAddress(db, town, overview.address);
      await subscribeConfirmed(db, { town, barangayId: barangay?.id ?? null, ...endpoint, consentText: CONSENT_TEXTS[language], language });
    }
  }
  if (intent === "paperless-off") await setPaperless(db, member.userId, accountNumber, false);
  if (intent === "paperless-on" && (await memberById(db, member.userId))?.contact) {
    await setPaperless(db, member.userId, accountNumber, true);
    // The e-bills and texts come in the language the member chose them in.
    await setMemberLanguage(db, member.userId, requestLocale(request));
  }
  throw redirect(portalPath(request, `/mco/accounts/${accountNumber}`), { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { overview: o, history, usage, payments, paperless, notice, alerts, pay, places, outages, today } = loaderData;
  const t = useT(portalMessages);
  const rt = useT(reportMessages);
  const st = useT(reportStatusMessages);
  const pt = useT(paymentMessages);
  const locale = useLocale();
  const lp = useLocalePath();
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>
        {t("mco.account", { account: o.accountNumber })}
        {o.name ? ` · ${o.name}` : ""}
      </h1>
      {o.address && <p className="portal-note">{o.address}</p>}
      <section className="portal-card" aria-labelledby="now">
        <h2 id="now">{t("mco.account.now")}</h2>
        {o.latest ? (
          <dl className="summary-list">
            <div>
              <dt>{t("mco.amountDue")}</dt>
              <dd>
                <strong>{php(o.latest.totalDue, locale)}</strong>
                {t("mco.account.amountFor", { month: monthName(o.latest.billingYear, o.latest.billingMonth, locale) })}
              </dd>
            </div>
            <div>
              <dt>{t("mco.dueDate")}</dt>
              <dd>{formatDate(o.latest.dueDate, locale)}</dd>
            </div>
            <div>
              <dt>{t("mco.status")}</dt>
              <dd>
                <StatusBadge status={o.latest.status} />
                {o.latest.status !== "paid" && o.latest.balance !== o.latest.totalDue
                  ? t("mco.leftToPay", { amount: php(o.latest.balance, locale) })
                  : ""}
              </dd>
            </div>
            {o.latest.disconnectionDate && o.latest.status === "overdue" && (
              <div>
                <dt>{t("mco.disconnection")}</dt>
                <dd>
                  {o.latest.disconnectionDate < today
                    ? t("mco.disconnectionPassed", { date: formatDate(o.latest.disconnectionDate, locale) })
                    : t("mco.disconnectionIf", { date: formatDate(o.latest.disconnectionDate, locale) })}
                </dd>
              </div>
            )}
            <div>
              <dt>{t("mco.lastPayment")}</dt>
              <dd>
                {o.lastPayment
                  ? t("mco.paymentOn", { amount: php(o.lastPayment.amount, locale), date: formatDate(o.lastPayment.paidOn, locale) })
                  : t("mco.noPayment")}
              </dd>
            </div>
          </dl>
        ) : (
          <p>{t("mco.noBill")}</p>
        )}
        {o.latest && pay?.posting && (
          <p className="portal-paid">
            <strong>{pt("pay.beingPosted")}</strong>. {pt("pay.beingPostedNote", { reference: pay.posting })}
          </p>
        )}
        {o.latest && pay && !pay.posting && pay.online && pay.balance > 0 && (
          <p>
            <a className="button" href={lp(`/mco/accounts/${o.accountNumber}/bills/${encodeURIComponent(o.latest.billNumber)}/pay`)}>
              {pt("pay.button", { amount: php(pay.balance, locale) })}
            </a>
          </p>
        )}
        <WhereToPay groups={places} folded={Boolean(pay?.online)} />
      </section>

      <section aria-labelledby="outages">
        <h2 id="outages">{t("mco.outage.title")}</h2>
        <p>
          <a className="button" href={lp(outages.reportHref)}>
            {t("mco.outage.report")}
          </a>
        </p>
        <h3>{t("mco.outage.reports")}</h3>
        {outages.reports.length === 0 ? (
          <p>{t("mco.outage.none")}</p>
        ) : (
          <ul className="portal-reports">
            {outages.reports.map((r) => (
              <li key={r.reference}>
                <strong>{rt(REPORT_KIND_KEYS[r.kind])}</strong>, {r.place}
                {r.landmark ? ` (${r.landmark})` : ""}
                <br />
                {st("rs.status", { label: st(STATUS_KEYS[r.status][0]) })}
                {r.etr ? ` · ${st("rs.etr")}: ${formatDateTime(r.etr, locale)}` : ""}
                <br />
                <small>
                  {t("mco.outage.sent", { at: formatDateTime(r.at, locale) })} · {st("rs.reference")} {r.reference}
                </small>
              </li>
            ))}
          </ul>
        )}
      </section>

      <h2>{t("mco.usage")}</h2>
      <UsageChart months={usage} />
      <p>
        <a href={`/mco/accounts/${o.accountNumber}/usage.csv`} download>
          {t("mco.account.csv")}
        </a>
      </p>

      <h2 id="bills">{t("mco.account.bills")}</h2>
      {history.length === 0 ? (
        <p>{t("mco.account.noBills")}</p>
      ) : (
        <div className="portal-scroll">
          <table className="portal-table">
            <thead>
              <tr>
                <th scope="col">{t("mco.month")}</th>
                <th scope="col" className="num">
                  kWh
                </th>
                <th scope="col" className="num">
                  {t("mco.amount")}
                </th>
                <th scope="col">{t("mco.due")}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((b) => (
                <tr key={b.billNumber}>
                  <td>
                    <a href={lp(`/mco/accounts/${o.accountNumber}/bills/${encodeURIComponent(b.billNumber)}`)}>
                      {monthName(b.billingYear, b.billingMonth, locale)}
                    </a>
                  </td>
                  <td className="num">{kwhText(b.kwh, locale)}</td>
                  <td className="num">{php(b.totalDue, locale)}</td>
                  <td>{formatDate(b.dueDate, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="payments">{t("mco.account.payments")}</h2>
      {payments.length === 0 ? (
        <p>{t("mco.account.noPayments")}</p>
      ) : (
        <div className="portal-scroll">
          <table className="portal-table">
            <thead>
              <tr>
                <th scope="col">{t("mco.date")}</th>
                <th scope="col">{t("mco.orNumber")}</th>
                <th scope="col" className="num">
                  {t("mco.amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.orNumber}>
                  <td>{formatDate(p.paidOn, locale)}</td>
                  <td>{p.orNumber}</td>
                  <td className="num">{php(p.amount, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>{t("mco.paperless.title")}</h2>
      <form method="post" className="portal-form">
        {!notice ? null : notice.kind === "sms" ? (
          paperless ? (
            <>
              <p>{t("mco.paperless.smsOn", { mobile: notice.to })}</p>
              <button type="submit" name="intent" value="paperless-off" className="button button--secondary">
                {t("mco.paperless.smsStop")}
              </button>
            </>
          ) : (
            <>
              <p>{t("mco.paperless.smsOffer", { mobile: notice.to })}</p>
              <button type="submit" name="intent" value="paperless-on" className="button">
                {t("mco.paperless.smsStart")}
              </button>
            </>
          )
        ) : paperless ? (
          <>
            <p>{t("mco.paperless.on", { email: notice.to })}</p>
            <button type="submit" name="intent" value="paperless-off" className="button button--secondary">
              {t("mco.paperless.stop")}
            </button>
          </>
        ) : (
          <>
            <p>{t("mco.paperless.offer", { email: notice.to })}</p>
            <button type="submit" name="intent" value="paperless-on" className="button">
              {t("mco.paperless.start")}
            </button>
          </>
        )}
      </form>

      <h2>{t("mco.alerts.title")}</h2>
      {!alerts.town ? (
        <p>{t("mco.alerts.noTown")}</p>
      ) : alerts.following ? (
        <p>
          {t("mco.alerts.following", { town: alerts.place ?? alerts.town, contact: alerts.contact ?? "" })}
          {alerts.manageToken && <a href={lp(`/alerts/manage/${alerts.manageToken}`)}>{t("mco.alerts.manage")}</a>}
        </p>
      ) : (
        <form method="post" className="portal-form">
          <p>{t("mco.alerts.offer", { town: alerts.place ?? alerts.town, contact: alerts.contact ?? "" })}</p>
          <button type="submit" name="intent" value="alerts-on" className="button">
            {t("mco.alerts.button", { town: alerts.place ?? alerts.town })}
          </button>
        </form>
      )}

      <h2>{t("mco.agam.title")}</h2>
      <form method="post" action={lp("/agam-registration")} className="portal-form">
        <p>{t("mco.agam.intro")}</p>
        <input type="hidden" name="account" value={o.accountNumber} />
        <button type="submit" name="intent" value="portal" className="button button--secondary">
          {t("mco.agam.button", { account: o.accountNumber })}
        </button>
      </form>

      <h2>{t("mco.remove.title")}</h2>
      <form method="post" className="portal-form">
        <p>{t("mco.remove.intro", { account: o.accountNumber })}</p>
        <button type="submit" name="intent" value="unlink" className="button button--secondary">
          {t("mco.remove.button", { account: o.accountNumber })}
        </button>
      </form>
    </div>
  );
}
