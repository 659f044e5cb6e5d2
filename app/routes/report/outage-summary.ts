/**
 * The one sentence that says what is without power now ("Without power now: 3 barangays in
 * 2 towns."), from the hub's picture of the outage: the public outage page and the staff's
 * restoration hub both say it with this function, so they never disagree.
 */
import type { HubStatus } from "../../../modules/reports/model";
import type { Locale } from "../../../modules/shared/i18n";
import { translator } from "../../../modules/shared/i18n";
import { outageMessages } from "../../messages/outages";

export function outageSummary(hub: Pick<HubStatus, "towns">, locale: Locale): string {
  const tr = translator(outageMessages, locale);
  const offTowns = hub.towns.filter((t) => t.areasOff.length > 0);
  if (!offTowns.length) return tr("outages.noneOff");
  return tr("outages.offSummary", { barangays: offTowns.reduce((k, t) => k + t.areasOff.length, 0), towns: offTowns.length });
}
