import { data } from "react-router";
import { accountOverview } from "../../../modules/portal/accounts.server";
import { maskContact } from "../../../modules/portal/contact";
import { linkedAccounts, memberById } from "../../../modules/portal/members.server";
import { formatDate } from "../../../modules/shared/dates";
import { services } from "../../context";
import type { Route } from "./+types/home";
import { memberHeaders, requireMember, withCookies } from "./session.server";
import { monthName, PortalBar, php, StatusBadge } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = () => [{ title: "My accounts | Member portal | WESPECO" }, { name: "robots", content: "noindex" }];
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const { db } = services(context);
  const [me, links] = await Promise.all([memberById(db, member.userId), linkedAccounts(db, member.userId)]);
  const accounts = await Promise.all(links.map((l) => accountOverview(db, l.accountNumber)));
  return data({ contact: me?.contact ? maskContact(me.contact) : "", accounts }, { headers: withCookies(member) });
}

export default function PortalHome({ loaderData }: Route.ComponentProps) {
  const { accounts, contact } = loaderData;
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>My accounts</h1>
      <p className="portal-note">Signed in with {contact}.</p>
      {accounts.length === 0 && <p>No service account is linked yet.</p>}
      {accounts.map((a) => (
        <section key={a.accountNumber} className="portal-card" aria-labelledby={`acct-${a.accountNumber}`}>
          <h2 id={`acct-${a.accountNumber}`}>
            <a href={`/mco/accounts/${a.accountNumber}`}>{a.accountNumber}</a>
            {a.name ? ` · ${a.name}` : ""}
          </h2>
          {a.latest ? (
            <dl className="summary-list">
              <div>
                <dt>Latest bill</dt>
                <dd>{monthName(a.latest.billingYear, a.latest.billingMonth)}</dd>
              </div>
              <div>
                <dt>Amount due</dt>
                <dd>
                  <strong>{php(a.latest.totalDue)}</strong>
                </dd>
              </div>
              <div>
                <dt>Due date</dt>
                <dd>{formatDate(a.latest.dueDate)}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>
                  <StatusBadge status={a.latest.status} />
                  {a.latest.status !== "paid" && a.latest.balance !== a.latest.totalDue ? ` ${php(a.latest.balance)} left to pay` : ""}
                </dd>
              </div>
              {a.latest.disconnectionDate && a.latest.status === "overdue" && (
                <div>
                  <dt>Disconnection date</dt>
                  <dd>{formatDate(a.latest.disconnectionDate)}, if not paid by then</dd>
                </div>
              )}
              <div>
                <dt>Last payment</dt>
                <dd>
                  {a.lastPayment
                    ? `${php(a.lastPayment.amount)} on ${formatDate(a.lastPayment.paidOn)} (OR ${a.lastPayment.orNumber})`
                    : "None on record"}
                </dd>
              </div>
            </dl>
          ) : (
            <p>No bill for this account yet.</p>
          )}
          <p>
            <a href={`/mco/accounts/${a.accountNumber}`}>Bills, usage and payments of {a.accountNumber}</a>
          </p>
        </section>
      ))}
      <p>
        <a href="/mco/register" className="button button--secondary">
          Add another service account
        </a>
      </p>
    </div>
  );
}
