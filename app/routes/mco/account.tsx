import { data, redirect } from "react-router";
import { CONSENT_TEXT } from "../../../modules/alerts/messages";
import { subscribeConfirmed, subscriptionOfAddress } from "../../../modules/alerts/subscriptions.server";
import { accountOverview, accountPayments, billHistory } from "../../../modules/portal/accounts.server";
import { type Contact, maskContact } from "../../../modules/portal/contact";
import { memberById, setPaperless, unlinkAccount } from "../../../modules/portal/members.server";
import { TOWNS, type Town } from "../../../modules/shared/constants";
import { formatDate } from "../../../modules/shared/dates";
import { normalizeMobile } from "../../../modules/shared/phone";
import { services } from "../../context";
import type { Route } from "./+types/account";
import { requireLinkedAccount } from "./account.server";
import { MEMBER_CACHE_CONTROL, memberHeaders, withCookies } from "./session.server";
import { kwhText, monthName, PortalBar, php, StatusBadge } from "./ui";
import { UsageChart, usageMonths } from "./usage";
import "./portal.css";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Account ${params.account} | Member portal | WESPECO` },
  { name: "robots", content: "noindex" },
];
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
  const [overview, history, payments, me] = await Promise.all([
    accountOverview(db, accountNumber),
    billHistory(db, accountNumber, 25),
    accountPayments(db, accountNumber),
    memberById(db, member.userId),
  ]);
  // E-bills go to the member's confirmed e-mail; a member who signs in by text has none.
  const email = me?.contact?.kind === "email" ? maskContact(me.contact) : null;
  const endpoint = alertAddress(me?.contact);
  const town = townOf(overview.town);
  const subscription = endpoint && town ? await subscriptionOfAddress(db, endpoint.channel, endpoint.address) : null;
  const alerts = {
    town,
    contact: me?.contact ? maskContact(me.contact) : null,
    manageToken: subscription?.manageToken ?? null,
    following: Boolean(subscription?.areas.some((a) => a.town === town)),
  };
  return data(
    { overview, history: history.slice(0, 24), usage: usageMonths(history), payments, paperless: link.paperless, email, alerts },
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
    throw redirect("/mco", { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
  }
  if (intent === "alerts-on") {
    const [me, overview] = await Promise.all([memberById(db, member.userId), accountOverview(db, accountNumber)]);
    const endpoint = alertAddress(me?.contact);
    const town = townOf(overview.town);
    if (endpoint && town) await subscribeConfirmed(db, { town, ...endpoint, consentText: CONSENT_TEXT });
  }
  if (intent === "paperless-off") await setPaperless(db, member.userId, accountNumber, false);
  if (intent === "paperless-on" && (await memberById(db, member.userId))?.contact?.kind === "email")
    await setPaperless(db, member.userId, accountNumber, true);
  throw redirect(`/mco/accounts/${accountNumber}`, { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { overview: o, history, usage, payments, paperless, email, alerts } = loaderData;
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>
        Account {o.accountNumber}
        {o.name ? ` · ${o.name}` : ""}
      </h1>
      {o.address && <p className="portal-note">{o.address}</p>}
      <section className="portal-card" aria-labelledby="now">
        <h2 id="now">Now</h2>
        {o.latest ? (
          <dl className="summary-list">
            <div>
              <dt>Amount due</dt>
              <dd>
                <strong>{php(o.latest.totalDue)}</strong> for {monthName(o.latest.billingYear, o.latest.billingMonth)}
              </dd>
            </div>
            <div>
              <dt>Due date</dt>
              <dd>{formatDate(o.latest.dueDate)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>
                <StatusBadge status={o.latest.status} />
                {o.latest.status !== "paid" && o.latest.balance !== o.latest.totalDue ? ` ${php(o.latest.balance)} left to pay` : ""}
              </dd>
            </div>
            {o.latest.disconnectionDate && o.latest.status === "overdue" && (
              <div>
                <dt>Disconnection date</dt>
                <dd>{formatDate(o.latest.disconnectionDate)}, if not paid by then</dd>
              </div>
            )}
            <div>
              <dt>Last payment</dt>
              <dd>{o.lastPayment ? `${php(o.lastPayment.amount)} on ${formatDate(o.lastPayment.paidOn)}` : "None on record"}</dd>
            </div>
          </dl>
        ) : (
          <p>No bill for this account yet.</p>
        )}
      </section>

      <h2>Usage</h2>
      <UsageChart months={usage} />
      <p>
        <a href={`/mco/accounts/${o.accountNumber}/usage.csv`} download>
          Download usage and bills (CSV)
        </a>
      </p>

      <h2 id="bills">Bills (last 24 months)</h2>
      {history.length === 0 ? (
        <p>No bills yet.</p>
      ) : (
        <div className="portal-scroll">
          <table className="portal-table">
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col" className="num">
                  kWh
                </th>
                <th scope="col" className="num">
                  Amount
                </th>
                <th scope="col">Due</th>
              </tr>
            </thead>
            <tbody>
              {history.map((b) => (
                <tr key={b.billNumber}>
                  <td>
                    <a href={`/mco/accounts/${o.accountNumber}/bills/${encodeURIComponent(b.billNumber)}`}>
                      {monthName(b.billingYear, b.billingMonth)}
                    </a>
                  </td>
                  <td className="num">{kwhText(b.kwh)}</td>
                  <td className="num">{php(b.totalDue)}</td>
                  <td>{formatDate(b.dueDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2 id="payments">Payments received</h2>
      {payments.length === 0 ? (
        <p>No payments in the last 24 months.</p>
      ) : (
        <div className="portal-scroll">
          <table className="portal-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Receipt (OR) number</th>
                <th scope="col" className="num">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.orNumber}>
                  <td>{formatDate(p.paidOn)}</td>
                  <td>{p.orNumber}</td>
                  <td className="num">{php(p.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <h2>Paperless bill</h2>
      <form method="post" className="portal-form">
        {paperless ? (
          <>
            <p>Each new bill of this account is e-mailed to {email ?? "you"}. Paper bills may still be delivered.</p>
            <button type="submit" name="intent" value="paperless-off" className="button button--secondary">
              Stop e-mailing my bills
            </button>
          </>
        ) : !email ? (
          <p>
            E-bills are sent by e-mail, and you sign in with a mobile number. To get them, ask member services to put your e-mail address on
            file.
          </p>
        ) : (
          <>
            <p>Get each new bill of this account by e-mail at {email}, with the amount, the due date and a link to the bill.</p>
            <button type="submit" name="intent" value="paperless-on" className="button">
              E-mail me each new bill
            </button>
          </>
        )}
      </form>

      <h2>Interruption alerts</h2>
      {!alerts.town ? (
        <p>The town of this account is not on file, so alerts cannot be set here. Choose your area on the alerts page.</p>
      ) : alerts.following ? (
        <p>
          {`You get power interruption alerts for ${alerts.town} at ${alerts.contact}. `}
          {alerts.manageToken && <a href={`/alerts/manage/${alerts.manageToken}`}>Change or stop them</a>}
        </p>
      ) : (
        <form method="post" className="portal-form">
          <p>
            Get a message at {alerts.contact} when a power interruption is planned or happens in {alerts.town}. Free; stop any time with the
            link in each message.
          </p>
          <button type="submit" name="intent" value="alerts-on" className="button">
            {`Send me alerts for ${alerts.town}`}
          </button>
        </form>
      )}

      <h2>AGAM registration</h2>
      <form method="post" action="/agam-registration" className="portal-form">
        <p>Register this account for the annual general assembly. The portal already knows it is yours: no code or PIN is asked.</p>
        <input type="hidden" name="account" value={o.accountNumber} />
        <button type="submit" name="intent" value="portal" className="button button--secondary">
          Register {o.accountNumber} for AGAM
        </button>
      </form>

      <h2>Remove this account</h2>
      <form method="post" className="portal-form">
        <p>Removes {o.accountNumber} from your portal. You can add it again with a new code.</p>
        <button type="submit" name="intent" value="unlink" className="button button--secondary">
          Remove {o.accountNumber} from my portal
        </button>
      </form>
    </div>
  );
}
