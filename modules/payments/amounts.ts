/**
 * The amount a payer may choose online: from the gateway's minimum (Php 20.00) up to what is
 * left to pay on the bill, never more, so an online payment can only fall short of a bill, not
 * go over it; empty means all that is left.
 */
import { centavos } from "../bills/money";

/** The gateway's smallest payment (PayMongo: Php 20.00), in centavos. */
export const MIN_ONLINE_PAYMENT = 2000;

export type AmountChoice = { ok: true; amount: number } | { ok: false; reason: "format" | "below" | "above" };

/** The amount typed ("1,913.67", "PHP 500", "₱500"), within the limits. */
export function chooseAmount(typed: string | undefined, balance: number): AmountChoice {
  const text = (typed ?? "")
    .trim()
    .replace(/^(php|₱)\s*/i, "")
    .replace(/,/g, "");
  if (text === "") return balance >= MIN_ONLINE_PAYMENT ? { ok: true, amount: balance } : { ok: false, reason: "below" };
  const amount = centavos(text);
  if (amount === null) return { ok: false, reason: "format" };
  if (amount < MIN_ONLINE_PAYMENT) return { ok: false, reason: "below" };
  if (amount > balance) return { ok: false, reason: "above" };
  return { ok: true, amount };
}
