/**
 * kWh per month for 13 months as a server-rendered SVG bar chart (no chart library, no
 * JavaScript), each month beside the same month a year before, and the numbers in a table.
 */
import type { BillRow } from "../../../modules/portal/accounts.server";
import { usageMonths as months, type UsageMonth } from "../../../modules/portal/usage";
import { useLocale, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import { kwhText, monthName, monthShort } from "./ui";

export const usageMonths = (history: BillRow[]) => months(history, 13);

const W = 720;
const H = 260;
const PAD = { top: 16, right: 8, bottom: 40, left: 52 };

export function UsageChart({ months }: { months: UsageMonth[] }) {
  const t = useT(portalMessages);
  const locale = useLocale();
  if (months.length === 0) return <p>{t("mco.usage.none")}</p>;
  const max = Math.max(1, ...months.flatMap((m) => [m.kwh, m.lastYear ?? 0]));
  const step = niceStep(max / 4);
  const top = Math.ceil(max / step) * step;
  const band = (W - PAD.left - PAD.right) / months.length;
  const y = (v: number) => PAD.top + ((top - v) * (H - PAD.top - PAD.bottom)) / top;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const first = months[0]!;
  const last = months.at(-1)!;
  return (
    <>
      <figure className="portal-chart-figure">
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="usage-title usage-desc" className="portal-chart">
          <title id="usage-title">
            {t("mco.usage.chartTitle", { from: monthName(first.year, first.month, locale), to: monthName(last.year, last.month, locale) })}
          </title>
          <desc id="usage-desc">
            {t("mco.usage.chartDesc", { month: monthName(last.year, last.month, locale), kwh: kwhText(last.kwh, locale) })}
          </desc>
          {ticks.map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#d1d5db" />
              <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={12} fill="#4b5563">
                {v}
              </text>
            </g>
          ))}
          {months.map((m, i) => {
            const x0 = PAD.left + i * band;
            const w = Math.max(2, band * 0.36);
            return (
              <g key={`${m.year}-${m.month}`}>
                {m.lastYear !== null && (
                  <rect x={x0 + band * 0.1} y={y(m.lastYear)} width={w} height={y(0) - y(m.lastYear)} fill="#9fb8d3" />
                )}
                <rect x={x0 + band * 0.1 + w} y={y(m.kwh)} width={w} height={y(0) - y(m.kwh)} fill="#0b3d6e" />
                <text x={x0 + band / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={11} fill="#4b5563">
                  {monthShort(m.month, locale)}
                </text>
                {(i === 0 || m.month === 1) && (
                  <text x={x0 + band / 2} y={H - PAD.bottom + 30} textAnchor="middle" fontSize={11} fill="#4b5563">
                    {m.year}
                  </text>
                )}
              </g>
            );
          })}
          <text x={12} y={PAD.top + 90} transform={`rotate(-90 12 ${PAD.top + 90})`} textAnchor="middle" fontSize={12} fill="#4b5563">
            kWh
          </text>
        </svg>
        <figcaption className="portal-note">{t("mco.usage.legend")}</figcaption>
      </figure>
      <div className="portal-scroll">
        <table className="portal-table">
          <caption className="visually-hidden">{t("mco.usage.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("mco.month")}</th>
              <th scope="col" className="num">
                kWh
              </th>
              <th scope="col" className="num">
                {t("mco.usage.yearBefore")}
              </th>
            </tr>
          </thead>
          <tbody>
            {[...months].reverse().map((m) => (
              <tr key={`${m.year}-${m.month}`}>
                <td>{monthName(m.year, m.month, locale)}</td>
                <td className="num">{kwhText(m.kwh, locale)}</td>
                <td className="num">{m.lastYear === null ? "–" : kwhText(m.lastYear, locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const f of [1, 2, 5, 10]) if (f * p >= raw) return f * p;
  return 10 * p;
}
