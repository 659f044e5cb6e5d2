/**
 * The bill as a PDF (A4), for the signed-in member of a linked account only, in the language of
 * the page that links to it (`?lang=fil` from /fil/…), else the member's (one resource, unprefixed).
 */
import { payableBill } from "../../../modules/payments/pay.server";
import { accountOverview } from "../../../modules/portal/accounts.server";
import { billPdf } from "../../../modules/portal/pdf.server";
import { COOPERATIVE } from "../../../modules/shared/constants";
import { LOCALES, type Locale } from "../../../modules/shared/i18n";
import { services } from "../../context";
import { whereToPay } from "../payments/where-to-pay.server";
import type { Route } from "./+types/bill-pdf";
import { requireLinkedBill } from "./account.server";
import { MEMBER_CACHE_CONTROL } from "./session.server";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { member, bill, accountNumber } = await requireLinkedBill(request, context, params.account, params.bill);
  const overview = await accountOverview(services(context).db, accountNumber);
  const asked = new URL(request.url).searchParams.get("lang");
  const locale = LOCALES.find((l): l is Locale => l === asked) ?? member.member.language;
  const pdf = await billPdf(
    bill,
    {
      cooperative: COOPERATIVE.name,
      address: COOPERATIVE.address,
      phone: COOPERATIVE.phone,
      memberName: overview.name,
      serviceAddress: overview.address,
      whereToPay:
        ((await payableBill(services(context).db, accountNumber, bill.billNumber))?.balance ?? 0) > 0
          ? await whereToPay(context, locale)
          : [],
    },
    locale,
  );
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Disposition": `inline; filename="bill-${bill.billNumber.replace(/[^A-Za-z0-9-]/g, "")}.pdf"`,
    "Cache-Control": MEMBER_CACHE_CONTROL,
  });
  for (const c of member.cookies) headers.append("Set-Cookie", c);
  return new Response(new Uint8Array(pdf), { headers });
}
