import { data } from "react-router";
import { linkedOverviews } from "../../../modules/portal/accounts.server";
import { maskContact } from "../../../modules/portal/contact";
import { formatDate } from "../../../modules/shared/dates";
import { services } from "../../context";
import { useLocale, useLocalePath, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import type { Route } from "./+types/home";
import { memberHeaders, requireMember, withCookies } from "./session.server";
import { monthName, PortalBar, php, portalMeta, StatusBadge } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) => portalMeta(location.pathname, (t) => t("mco.bar.accounts"));
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const { db } = services(context);
  const accounts = await linkedOverviews(db, member.userId);
  const { contact } = member.member;
  return data({ contact: contact ? maskContact(contact) : "", accounts }, { headers: withCookies(member) });
}

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const { accounts, contact } = loaderData;
  const t = useT(portalMessages);
  const locale = useLocale();
  const lp = useLocalePath();
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>{t("mco.bar.accounts")}</h1>
      <p className="portal-note">{t("mco.signedInWith", { contact })}</p>
      {accounts.length === 0 && <p>{t("mco.home.none")}</p>}
      {accounts.map((a) => (
        <section key={a.accountNumber} className="portal-card" aria-labelledby={`acct-${a.accountNumber}`}>
          <h2 id={`acct-${a.accountNumber}`}>
            <a href={lp(`/mco/accounts/${a.accountNumber}`)}>{a.accountNumber}</a>
            {a.name ? ` · ${a.name}` : ""}
          </h2>
          {a.latest ? (
            <dl className="summary-list">
              <div>
                <dt>{t("mco.latestBill")}</dt>
                <dd>{monthName(a.latest.billingYear, a.latest.billingMonth, locale)}</dd>
              </div>
              <div>
                <dt>{t("mco.amountDue")}</dt>
                <dd>
                  <strong>{php(a.latest.totalDue, locale)}</strong>
                </dd>
              </div>
              <div>
                <dt>{t("mco.dueDate")}</dt>
                <dd>{formatDate(a.latest.dueDate, locale)}</dd>
              </div>
              <div>
                <dt>{t("mco.status")}</dt>
                <dd>
                  <StatusBadge status={a.latest.status} />
                  {a.latest.status !== "paid" && a.latest.balance !== a.latest.totalDue
                    ? t("mco.leftToPay", { amount: php(a.latest.balance, locale) })
                    : ""}
                </dd>
              </div>
              {a.latest.disconnectionDate && a.latest.status === "overdue" && (
                <div>
                  <dt>{t("mco.disconnection")}</dt>
                  <dd>{t("mco.disconnectionIf", { date: formatDate(a.latest.disconnectionDate, locale) })}</dd>
                </div>
              )}
              <div>
                <dt>{t("mco.lastPayment")}</dt>
                <dd>
                  {a.lastPayment
                    ? t("mco.paymentOnOr", {
                        amount: php(a.lastPayment.amount, locale),
                        date: formatDate(a.lastPayment.paidOn, locale),
                        or: a.lastPayment.orNumber,
                      })
                    : t("mco.noPayment")}
                </dd>
              </div>
            </dl>
          ) : (
            <p>{t("mco.noBill")}</p>
          )}
          <p>
            <a href={lp(`/mco/accounts/${a.accountNumber}`)}>{t("mco.home.accountLink", { account: a.accountNumber })}</a>
          </p>
        </section>
      ))}
      <p>
        <a href={lp("/mco/register")} className="button button--secondary">
          {t("mco.home.add")}
        </a>
      </p>
    </div>
  );
}
