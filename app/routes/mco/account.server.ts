/** The guard of every account URL: the account must be linked to the signed-in member, or it is not found. */
import { data } from "react-router";
import { accountBill } from "../../../modules/portal/accounts.server";
import { linkOf } from "../../../modules/portal/members.server";
import { normalizeAccountNumber } from "../../../modules/shared/account-number";
import { services } from "../../context";
import { currentMember, MEMBER_CACHE_CONTROL, requireMember, type SignedInMember } from "./session.server";
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

/**
 * For a public page a member reaches from their account (the outage report, its status page):
 * the account and the member's own mobile number when someone is signed in and the account is
 * linked to them; null for anyone else, so a page never fills in another person's details.
 */
export async function signedInAccount(
  request: Request,
  context: Ctx,
  account: string | null | undefined,
): Promise<{ accountNumber: string; mobile: string } | null> {
  const accountNumber = account ? normalizeAccountNumber(account) : null;
  if (!accountNumber) return null;
  const member = await currentMember(request, context);
  if (!member || !(await linkOf(services(context).db, member.userId, accountNumber))) return null;
  const contact = member.member.contact;
  // The number the member signs in with, as a person writes it (09…): the form's field takes it back.
  return { accountNumber, mobile: contact?.kind === "sms" ? `0${contact.value.slice(2)}` : "" };
}
