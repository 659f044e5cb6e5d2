/**
 * PayMongo's webhook signature: `Paymongo-Signature: t=<unix seconds>,te=<hex>,li=<hex>`, where
 * te (test mode) or li (live mode) is HMAC-SHA256 of `<t>.<raw body>` with the webhook's secret.
 * Which one must match follows the site's own mode (test keys or the stand-in: te; live keys:
 * li), never the body, so a live site takes no test event. Compared in constant time; refused
 * outside five minutes of our clock (a replayed old delivery).
 */
import crypto from "node:crypto";

export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

export type SignatureCheck = { ok: true; mode: "test" | "live" } | { ok: false; reason: "missing" | "malformed" | "stale" | "mismatch" };

export function parseSignatureHeader(header: string | undefined): { t: number; te: string; li: string } | null {
  if (!header) return null;
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const i = piece.indexOf("=");
    if (i > 0) parts.set(piece.slice(0, i).trim(), piece.slice(i + 1).trim());
  }
  const t = Number(parts.get("t"));
  if (!Number.isInteger(t) || t <= 0) return null;
  return { t, te: parts.get("te") ?? "", li: parts.get("li") ?? "" };
}

export function signPayload(secret: string, t: number, rawBody: string): string {
  return crypto.createHmac("sha256", secret).update(`${t}.${rawBody}`).digest("hex");
}

const sameHex = (a: string, b: string) => {
  if (!/^[0-9a-f]{64}$/.test(a)) return false;
  return crypto.timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));
};

/** Checks a delivery for a site in live mode (`livemode`) or test mode. */
export function checkSignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  livemode: boolean,
  now = Date.now(),
): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { ok: false, reason: "malformed" };
  if (Math.abs(now - parsed.t * 1000) > SIGNATURE_TOLERANCE_MS) return { ok: false, reason: "stale" };
  const expected = signPayload(secret, parsed.t, rawBody);
  const given = livemode ? parsed.li : parsed.te;
  return sameHex(given, expected) ? { ok: true, mode: livemode ? "live" : "test" } : { ok: false, reason: "mismatch" };
}

/** The header a gateway (or the stand-in) sends with a body, in the given mode. */
export function signatureHeader(secret: string, rawBody: string, livemode: boolean, now = Date.now()): string {
  const t = Math.floor(now / 1000);
  const sig = signPayload(secret, t, rawBody);
  return `t=${t},te=${livemode ? "" : sig},li=${livemode ? sig : ""}`;
}
