/**
 * /staff/members/portal: member services and the member portal. Find a portal account by a
 * service account number or its contact (every search is audited: it shows personal data),
 * see its linked accounts and last sign-ins, lock or unlock it, send a sign-in code to its
 * confirmed contact, and close the requests to change a contact on file once handled in the
 * billing system.
 */
import { data, Form, redirect } from "react-router";
import { requestSignInCode } from "../../../../modules/portal/flows.server";
import { memberById, setLocked } from "../../../../modules/portal/members.server";
import {
  closeContactRequest,
  failedEbills,
  findPortalMembers,
  openContactRequests,
  retryEbill,
} from "../../../../modules/portal/staff.server";
import { formatDateTime } from "../../../../modules/shared/dates";
import { services } from "../../../context";
import { messenger } from "../../mco/session.server";
import { ConsoleTable } from "../ConsoleTable";
import { requireStaff, staffServices } from "../guard.server";
import type { ConsoleHandle } from "../nav";
import { consoleMeta } from "../title";
import type { Route } from "./+types/portal";
import { auditMember } from "./audit.server";
import "./members.css";

export const handle: ConsoleHandle = { staff: "members.manage" };
export const meta: Route.MetaFunction = () => consoleMeta("Member portal");

export async function loader(args: Route.LoaderArgs) {
  const me = await requireStaff(args, "members.manage");
  const { db } = staffServices(args);
  const url = new URL(args.request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const done = (url.searchParams.get("done") ?? "").slice(0, 200);
  const [requests, ebills] = await Promise.all([openContactRequests(db), failedEbills(db)]);
  // The notices that failed show members' contacts: a view of personal data too.
  if (ebills.total > 0)
    await auditMember(args, me, {
      action: "portal.failed_ebills_viewed",
      objectType: "portal_ebill",
      after: { shown: ebills.rows.map((e) => e.id) },
    });
  // The open requests show members' accounts and the contacts they asked for: a view of personal data.
  if (requests.length > 0)
    await auditMember(args, me, {
      action: "portal.contact_requests_viewed",
      objectType: "portal_contact_request",
      after: { requests: requests.map((r) => r.id) },
    });
  if (!q) return { q, done, found: null, requests, ebills };
  const found = await findPortalMembers(db, q);
  await auditMember(args, me, {
    action: "portal.searched",
    objectType: "portal_account",
    objectId: q,
    after: { found: found?.map((f) => f.id) ?? null },
  });
  return { q, done, found, requests, ebills };
}

export async function action(args: Route.ActionArgs) {
  const me = await requireStaff(args, "members.manage");
  const staff = staffServices(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "").slice(0, 100);
  const q = String(form.get("q") ?? "").slice(0, 200);
  const back = (message: string) => redirect(`/staff/members/portal?q=${encodeURIComponent(q)}&done=${encodeURIComponent(message)}`);
  if (intent === "request-done") {
    const requestId = Number(form.get("request"));
    if (Number.isInteger(requestId) && (await closeContactRequest(staff.db, requestId, me.email))) {
      await auditMember(args, me, { action: "portal.contact_request_done", objectType: "portal_contact_request", objectId: requestId });
      throw back("Request marked as done.");
    }
    throw back("That request was already done.");
  }
  if (intent === "ebill-retry") {
    const ebill = Number(form.get("ebill"));
    if (Number.isInteger(ebill) && (await retryEbill(staff.db, ebill))) {
      await auditMember(args, me, { action: "portal.ebill_retried", objectType: "portal_ebill", objectId: ebill });
      throw back("The new-bill notice is queued to be sent again.");
    }
    throw back("That notice is no longer failed.");
  }
  const member = await memberById(staff.db, id);
  if (!member) return data({ error: "No such portal account." }, { status: 404 });
  if (intent === "lock" || intent === "unlock") {
    await setLocked(staff.db, id, intent === "lock");
    await auditMember(args, me, { action: `portal.${intent}ed`, objectType: "portal_account", objectId: id });
    throw back(intent === "lock" ? "Locked: its sessions were ended and no code is sent to it." : "Unlocked.");
  }
  if (intent === "resend") {
    if (!member.contact) throw back("Not sent: this portal account has no contact on file.");
    const s = services(args.context);
    // In the language the member last used the portal in, not the console's.
    const sent = await requestSignInCode(staff.db, messenger(s), member.contact, staff.ip, member.language);
    await auditMember(args, me, { action: "portal.code_resent", objectType: "portal_account", objectId: id, after: { sent: sent.ok } });
    throw back(sent.ok ? "A sign-in code was sent to the contact on file." : "Not sent: too many codes were sent to it this hour.");
  }
  throw back("");
}

export default function PortalAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { q, done, found, requests, ebills } = loaderData;
  return (
    <>
      <h1>Member portal</h1>
      <p>Find a portal account by a service account number or its mobile number or e-mail. Each search is recorded in the audit log.</p>
      {/* What the last action did, said as every console save says it (announced, in view). */}
      {done && (
        <p className="console-status" role="status">
          {done}
        </p>
      )}
      {actionData?.error && (
        <p className="notice notice--error" role="alert">
          {actionData.error}
        </p>
      )}
      <Form method="get" className="console-form">
        <label htmlFor="q">Account number, mobile number or e-mail</label>
        <input id="q" name="q" type="search" defaultValue={q} maxLength={200} />
        <button type="submit" className="button">
          Find
        </button>
      </Form>
      {found === null && q && <p>Type an account number (01-2345-6789), a mobile number or an e-mail address.</p>}
      {found?.length === 0 && <p>No portal account found for “{q}”.</p>}
      {found?.map((m) => (
        <section key={m.id} className="console-card">
          <h2>
            {m.contactKind === "sms" ? "Mobile" : "E-mail"} {m.contact} {m.lockedAt ? "(locked)" : ""}
          </h2>
          <p>Registered {formatDateTime(m.createdAt)}.</p>
          <h3>Linked accounts</h3>
          <ul>
            {m.accounts.map((a) => (
              <li key={a.accountNumber}>
                {a.accountNumber}
                {a.paperless ? " (paperless)" : ""}, linked {formatDateTime(a.linkedAt)}
              </li>
            ))}
          </ul>
          <h3>Last sign-ins</h3>
          {m.signIns.length === 0 ? (
            <p>None.</p>
          ) : (
            <ul>
              {m.signIns.map((s) => (
                <li key={s.at.toString()}>{`${formatDateTime(s.at)} by ${s.method} from ${s.ip || "an unknown address"}`}</li>
              ))}
            </ul>
          )}
          <Form method="post">
            <input type="hidden" name="id" value={m.id} />
            <input type="hidden" name="q" value={q} />
            <button type="submit" name="intent" value={m.lockedAt ? "unlock" : "lock"} className="button button--secondary">
              {m.lockedAt ? "Unlock" : "Lock"} this portal account
            </button>{" "}
            {!m.lockedAt && (
              <button type="submit" name="intent" value="resend" className="button button--secondary">
                Send a sign-in code to {m.contact}
              </button>
            )}
          </Form>
        </section>
      ))}
      <h2 id="failed-ebills">New-bill notices not delivered</h2>
      {ebills.total === 0 ? (
        <p>None: every e-bill and new-bill text went out.</p>
      ) : (
        <>
          <p>
            {ebills.total === 1 ? "1 notice" : `${ebills.total} notices`} could not be sent. Check the contact with the member (a request to
            change it is below once they ask), then send it again.
          </p>
          <ConsoleTable
            stack
            caption="New-bill notices not delivered"
            hideCaption
            columns={["Account", "Bill", "To", "Why", "Last tried", ""]}
            labels={["Account", "Bill", "To", "Why", "Last tried", "Action"]}
          >
            {ebills.rows.map((e) => (
              <tr key={e.id}>
                <td>{e.accountNumber}</td>
                <td>{e.billNumber}</td>
                <td>
                  {e.channel === "sms" ? "Text to" : "E-mail to"} {e.address}
                </td>
                <td>{e.lastError || "No answer from the sender"}</td>
                <td>{formatDateTime(e.at)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="ebill" value={e.id} />
                    <input type="hidden" name="q" value={q} />
                    <button type="submit" name="intent" value="ebill-retry" className="button button--secondary">
                      Send again
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        </>
      )}
      <h2>Requests to change a contact on file</h2>
      {requests.length === 0 ? (
        <p>None open.</p>
      ) : (
        <ul>
          {requests.map((r) => (
            <li key={r.id}>
              {r.accountNumber}: “{r.requested}”, asked {formatDateTime(r.createdAt)}
              {r.note && <> (the member's note: “{r.note}”)</>}{" "}
              <Form method="post" style={{ display: "inline" }}>
                <input type="hidden" name="request" value={r.id} />
                <input type="hidden" name="q" value={q} />
                <button type="submit" name="intent" value="request-done" className="button button--secondary">
                  Done in the billing system
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
