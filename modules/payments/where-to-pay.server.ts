/** The stored "Where to pay" places, and them in a visitor's language (modules/payments/where-to-pay.ts). */
import { asc } from "drizzle-orm";
import type { Db } from "../../db/client";
import { paymentPlaces } from "../../db/schema";
import { inLanguage, storedTranslations } from "../content/translations";
import type { Locale } from "../shared/i18n";
import { PAYMENT_PLACE_ORDER, type PaymentPlaceGroup, type PaymentPlaceRow } from "./where-to-pay";

export async function listPaymentPlaces(db: Db): Promise<PaymentPlaceRow[]> {
  const rows = await db.select().from(paymentPlaces).orderBy(asc(paymentPlaces.position), asc(paymentPlaces.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    name: r.name,
    details: r.details,
    position: r.position,
    translations: storedTranslations(r.translations),
  }));
}

/** The rows in the visitor's language, grouped by kind in PAYMENT_PLACE_ORDER, each group by position. */
export function placesIn(rows: readonly PaymentPlaceRow[], locale: Locale): PaymentPlaceGroup[] {
  return PAYMENT_PLACE_ORDER.map((kind) => ({
    kind,
    places: rows
      .filter((r) => r.kind === kind)
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((r) => {
        const v = inLanguage({ name: r.name, details: r.details }, r.translations, locale);
        return {
          kind,
          name: v.values.name,
          lines: v.values.details
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter(Boolean),
          lang: v.lang === "en" || v.lang === "fil" ? v.lang : "en",
        };
      }),
  })).filter((g) => g.places.length > 0);
}
