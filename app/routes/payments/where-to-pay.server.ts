/** "Where to pay" for a page in `locale`: the places kept with the reference data (dropped on a content change). */

import type { PaymentPlaceGroup } from "../../../modules/payments/where-to-pay";
import { listPaymentPlaces, placesIn } from "../../../modules/payments/where-to-pay.server";
import type { Locale } from "../../../modules/shared/i18n";
import { services } from "../../context";

export async function whereToPay(context: Parameters<typeof services>[0], locale: Locale): Promise<PaymentPlaceGroup[]> {
  const s = services(context);
  return placesIn(await s.reference("payment-places", () => listPaymentPlaces(s.db)), locale);
}
