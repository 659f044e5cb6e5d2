/**
 * "Where to pay": the places staff list in the console, grouped by kind, in the visitor's
 * language (a place staff wrote only in English says so). Beside every Pay button it is folded
 * under "Other ways to pay"; where online payment is off it stands open, alone.
 */
import { type PaymentPlaceGroup, WHERE_TO_PAY_WORDS } from "../../../modules/payments/where-to-pay";
import type { Locale } from "../../../modules/shared/i18n";
import { useLocale } from "../../i18n";
import "./where-to-pay.css";

export function WhereToPay(props: { groups: readonly PaymentPlaceGroup[]; folded: boolean }) {
  return <WhereToPayIn {...props} locale={useLocale()} />;
}

/** The same outside a route (the member pages' templates render it to markup once per language). */
export function WhereToPayIn({ groups, folded, locale }: { groups: readonly PaymentPlaceGroup[]; folded: boolean; locale: Locale }) {
  const w = WHERE_TO_PAY_WORDS[locale];
  if (!groups.length) return null;
  const list = (
    <>
      <p>{w.bring}</p>
      {groups.map((g) => (
        <div key={g.kind} className="where-to-pay__group">
          <h3>{w.kinds[g.kind]}</h3>
          <ul>
            {g.places.map((p) => (
              <li key={`${p.name}\n${p.lines.join("\n")}`} lang={p.lang === locale ? undefined : p.lang}>
                <strong>{p.name}</strong>
                {p.lang !== locale && <span lang={locale}> {w.inEnglish}</span>}
                {p.lines.map((line) => (
                  <span key={line} className="where-to-pay__line">
                    {line}
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
  if (folded)
    return (
      <details className="where-to-pay">
        <summary>{w.other}</summary>
        {list}
      </details>
    );
  return (
    <section className="where-to-pay">
      <h2>{w.title}</h2>
      {list}
    </section>
  );
}
