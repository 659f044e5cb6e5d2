/** /mco/accounts/:account/bills/:bill/pay: a member pays one of their bills online (the amount left by default). */
import { data } from "react-router";
import { payableBill } from "../../../modules/payments/pay.server";
import { localeOfPath, translator } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { requestLocale, useLocale, useT } from "../../i18n";
import { paymentMessages } from "../../messages/payments";
import { payBill } from "../payments/pay-action.server";
import { PayForm, TestPaymentNote } from "../payments/pay-form";
import { WhereToPay } from "../payments/WhereToPay";
import { whereToPay } from "../payments/where-to-pay.server";
import type { Route } from "./+types/pay";
import { requireLinkedBill } from "./account.server";
import { memberHeaders, withCookies } from "./session.server";
import { PortalBar, portalMeta } from "./ui";
import "./portal.css";

export const meta: Route.MetaFunction = ({ location }) =>
  portalMeta(location.pathname, () => translator(paymentMessages, localeOfPath(location.pathname))("pay.meta"));
export const headers = memberHeaders;

async function load(request: Request, context: Route.LoaderArgs["context"], account: string | undefined, bill: string | undefined) {
  const { member, accountNumber, bill: b } = await requireLinkedBill(request, context, account, bill);
  const payable = (await payableBill(services(context).db, accountNumber, b.billNumber))!;
  return { member, payable };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, payable } = await load(request, context, params.account, params.bill);
  const s = services(context);
  return data(
    {
      accountNumber: payable.accountNumber,
      billNumber: payable.billNumber,
      balance: payable.balance,
      fee: s.payments?.fee ?? 0,
      testMode: s.payments?.testMode ?? false,
      online: Boolean(s.payments),
      whereToPay: await whereToPay(context, requestLocale(request)),
    },
    { headers: withCookies(member) },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { member, payable } = await load(request, context, params.account, params.bill);
  const form = await request.formData();
  const answer = await payBill(context, requestLocale(request), payable, String(form.get("amount") ?? "").slice(0, 40), {
    portalUserId: member.userId,
  });
  return data(answer, { status: 422, headers: withCookies(member) });
}

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(paymentMessages);
  const locale = useLocale();
  return (
    <div className="container page portal">
      <PortalBar />
      <h1>{t("pay.title", { bill: loaderData.billNumber })}</h1>
      {loaderData.testMode && <TestPaymentNote />}
      {!loaderData.online ? (
        <p>{t("pay.off")}</p>
      ) : loaderData.balance <= 0 ? (
        <p>{t("pay.nothingLeft")}</p>
      ) : (
        <PayForm
          view={{ balance: loaderData.balance, fee: loaderData.fee, testMode: loaderData.testMode, locale }}
          values={actionData?.values ?? {}}
          errors={actionData?.errors ?? {}}
        />
      )}
      <WhereToPay groups={loaderData.whereToPay} folded={loaderData.online && loaderData.balance > 0} />
    </div>
  );
}
