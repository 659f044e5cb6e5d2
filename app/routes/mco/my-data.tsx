import { data, redirect } from "react-router";
import { checkCode, reserveSend, storeCode } from "../../../modules/portal/codes.server";
import { maskContact } from "../../../modules/portal/contact";
import { closeMember, linkedAccounts, memberById, requestContactChange } from "../../../modules/portal/members.server";
import { ErrorSummary } from "../../components/ui/Field";
import { services } from "../../context";
import type { Route } from "./+types/my-data";
import { CodeField, codeError } from "./code-field";
import { PasskeysLink } from "./passkeys-ui";
import { clientIp, MEMBER_CACHE_CONTROL, memberHeaders, messenger, requireMember, waitWords, withCookies } from "./session.server";
import { PortalBar } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = () => [{ title: "My data | Member portal | WESPECO" }, { name: "robots", content: "noindex" }];
export const headers = memberHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const member = await requireMember(request, context);
  const { db } = services(context);
  const [me, links] = await Promise.all([memberById(db, member.userId), linkedAccounts(db, member.userId)]);
  return data(
    { contact: me?.contact ? maskContact(me.contact) : "", accounts: links.map((l) => l.accountNumber) },
    { headers: withCookies(member) },
  );
}

type Answer = { step?: "close-code"; r?: string; errors: Record<string, string | undefined>; done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const member = await requireMember(request, context);
  const s = services(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "contact-change") {
    const account = String(form.get("account") ?? "");
    const requested = String(form.get("requested") ?? "")
      .trim()
      .slice(0, 200);
    const links = await linkedAccounts(s.db, member.userId);
    if (!links.some((l) => l.accountNumber === account))
      return data<Answer>({ errors: { account: "Choose one of your accounts." } }, { status: 422 });
    if (requested.length < 5)
      return data<Answer>(
        { errors: { requested: "Write the new mobile number or e-mail for the cooperative's records." } },
        { status: 422 },
      );
    await requestContactChange(s.db, member.userId, account, requested, "");
    return data<Answer>({
      errors: {},
      done: "Your request went to member services. They will call or write to confirm it before changing the records.",
    });
  }
  if (intent === "close-start") {
    // Fresh proof: a code to the member's confirmed contact, asked for now.
    const me = await memberById(s.db, member.userId);
    if (!me?.contact) return data<Answer>({ errors: { code: "No contact to send a code to. Call member services." } }, { status: 422 });
    const reserved = await reserveSend(s.db, clientIp(context), `member:${member.userId}`, `${me.contact.kind}:${me.contact.value}`);
    if (!reserved.ok)
      return data<Answer>({ errors: { code: `Too many codes were asked for. Try again ${waitWords(reserved.waitMs)}.` } }, { status: 429 });
    const issued = await storeCode(s.db, {
      purpose: "fresh",
      subject: "close",
      destination: reserved.send ? me.contact : null,
      userId: member.userId,
    });
    if (reserved.send)
      void messenger(s)(
        me.contact,
        "Close your WESPECO portal account",
        `WESPECO: ${issued.code} is your code to close your member portal account. It is valid for 10 minutes.`,
      ).catch(() => {});
    return data<Answer>({ step: "close-code", r: issued.id, errors: {} });
  }
  if (intent === "close") {
    const r = String(form.get("r") ?? "").slice(0, 100);
    const checked = await checkCode(s.db, r, "fresh", String(form.get("code") ?? "").slice(0, 20));
    if (!checked.ok || checked.userId !== member.userId)
      return data<Answer>(
        { step: "close-code", r, errors: { code: codeError(checked.ok ? { ok: false, reason: "spent" } : checked) } },
        { status: 422 },
      );
    await closeMember(s.db, member.userId);
    const headers = new Headers({ Location: "/mco/login?closed=1", "Cache-Control": MEMBER_CACHE_CONTROL });
    headers.append("Set-Cookie", "__Host-mco.session=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax");
    throw new Response(null, { status: 303, headers });
  }
  throw redirect("/mco/my-data", { headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });
}

export default function MyData({ loaderData, actionData }: Route.ComponentProps) {
  const e = actionData?.errors ?? {};
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>My data</h1>
      <p>Signed in with {loaderData.contact}.</p>
      <h2>Download everything we hold on you</h2>
      <p>
        One file (JSON) with your portal account, your linked accounts, their bills as we hold them, your sign-ins and your requests.{" "}
        <a href="/mco/my-data.json" download>
          Download my data
        </a>
      </p>

      <h2>Change the contact on file</h2>
      <p>
        The cooperative's billing records are changed by member services, not here. Tell us the new mobile number or e-mail and they will
        confirm it with you.
      </p>
      {actionData?.done && <p className="notice">{actionData.done}</p>}
      <ErrorSummary errors={{ account: e.account, requested: e.requested }} />
      <form method="post" className="portal-form">
        <input type="hidden" name="intent" value="contact-change" />
        <div className={`field${e.account ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="account">
            Account
          </label>
          <select id="account" name="account">
            {loaderData.accounts.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </div>
        <div className={`field${e.requested ? " field--error" : ""}`}>
          <label className="field__label" htmlFor="requested">
            New mobile number or e-mail
          </label>
          {e.requested && (
            <p className="field__error" id="requested-error">
              {e.requested}
            </p>
          )}
          <input
            id="requested"
            name="requested"
            type="text"
            maxLength={200}
            aria-describedby={e.requested ? "requested-error" : undefined}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Send the request
        </button>
      </form>

      <h2>Close my portal account</h2>
      <p>
        Closing deletes your portal account, its links to your service accounts and its sign-in history. The cooperative's billing records
        (bills, payments, the member roll) are not erased by this: the law requires us to keep them.
      </p>
      {actionData?.step === "close-code" ? (
        <form method="post" className="portal-form">
          <ErrorSummary errors={{ code: e.code }} />
          <p>We sent a code to {loaderData.contact}. Enter it to close your portal account.</p>
          <input type="hidden" name="intent" value="close" />
          <input type="hidden" name="r" value={actionData.r} />
          <CodeField error={e.code} />
          <button type="submit" className="button">
            Close my portal account
          </button>
        </form>
      ) : (
        <form method="post" className="portal-form">
          {e.code && <p className="field__error">{e.code}</p>}
          <input type="hidden" name="intent" value="close-start" />
          <button type="submit" className="button button--secondary">
            Send me a code to close my portal account
          </button>
        </form>
      )}
      <PasskeysLink />
    </div>
  );
}
