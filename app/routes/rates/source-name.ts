/**
 * A power source's name on the Filipino rates page. The names are the billing staff's (the
 * generation charge schedule): the suppliers' own names stay, and the words around them that
 * are ours (the total, "embedded", the spot market, net metering) are said in Filipino.
 */
import type { Locale } from "../../../modules/shared/i18n";

const FILIPINO: [RegExp, string][] = [
  [/^TOTAL$/i, "KABUUAN"],
  [/^Wholesale Electricity Spot Market$/i, "Pamilihang spot ng kuryente (WESM)"],
  [/^Net Metering Customers$/i, "Mga miyembrong may net metering"],
  [/\s*\(Embedded\)$/i, " (embedded: planta sa loob ng aming sakop)"],
];

export function sourceName(name: string, locale: Locale): string {
  if (locale !== "fil") return name;
  return FILIPINO.reduce((text, [words, fil]) => text.replace(words, fil), name);
}
