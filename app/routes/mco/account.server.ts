/** The guard of every account URL: the account must be linked to the signed-in member, or it is not found. */
import { data } from "react-router";
import { linkOf } from "../../../modules/portal/members.server";
import { services } from "../../context";
import { requireMember, type SignedInMember } from "./session.server";
import { ACCOUNT_PARAM } from "./ui";

type Ctx = Parameters<typeof services>[0];

export async function requireLinkedAccount(request: Request, context: Ctx, account: string | undefined) {
  const member: SignedInMember = await requireMember(request, context);
  const link = account && ACCOUNT_PARAM.test(account) ? await linkOf(services(context).db, member.userId, account) : null;
  // The same 404 for an account that does not exist and one that is someone else's.
  if (!link) throw data("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return { member, link, accountNumber: account! };
}
