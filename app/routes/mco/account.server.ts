/** The guard of every account URL: the account must be linked to the signed-in member, or it is not found. */
import { data } from "react-router";
import { accountBill } from "../../../modules/portal/accounts.server";
import { linkOf } from "../../../modules/portal/members.server";
import { services } from "../../context";
import { MEMBER_CACHE_CONTROL, requireMember, type SignedInMember } from "./session.server";
import { ACCOUNT_PARAM } from "./ui";

type Ctx = Parameters<typeof services>[0];

// The same 404 for an account that does not exist and one that is someone else's (and, for a bill, a bill that is not the account's).
const notFound = () => data("Not found", { status: 404, headers: { "Cache-Control": MEMBER_CACHE_CONTROL } });

export async function requireLinkedAccount(request: Request, context: Ctx, account: string | undefined) {
  const member: SignedInMember = await requireMember(request, context);
  const link = account && ACCOUNT_PARAM.test(account) ? await linkOf(services(context).db, member.userId, account) : null;
  if (!link) throw notFound();
  return { member, link, accountNumber: account! };
}

/** A bill page's guard: the same rule, with the bill read through the link in the same query. */
export async function requireLinkedBill(request: Request, context: Ctx, account: string | undefined, billNumber: string | undefined) {
  const member: SignedInMember = await requireMember(request, context);
  const bill =
    account && ACCOUNT_PARAM.test(account) && billNumber
      ? await accountBill(services(context).db, member.userId, account, billNumber)
      : null;
  if (!bill) throw notFound();
  return { member, bill, accountNumber: account! };
}
