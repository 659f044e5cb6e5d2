/**
 * kWh per month for 13 months as a server-rendered SVG bar chart (no chart library, no
 * JavaScript), each month beside the same month a year before, and the numbers in a table.
 * A phone gets its own drawing of the latest 12 months at its width: the wide one scrolled
 * sideways and opened on the oldest months, the latest off screen.
 */
import type { BillRow } from "../../../modules/portal/accounts.server";
import { usageMonths as months, type UsageMonth } from "../../../modules/portal/usage";
import { useLocale, useT } from "../../i18n";
import { portalMessages } from "../../messages/portal";
import { kwhText, monthName, monthShort } from "./ui";

export const usageMonths = (history: BillRow[]) => months(history, 13);

/** The chart's two drawings: the desktop's 13 months, and a phone's latest 12 drawn to its width. */
const WIDE = { w: 720, h: 260, pad: { top: 16, right: 8, bottom: 40, left: 52 }, font: 12, label: 11 };
/** About a 375 px phone's content width in user units, so the labels print at their own size. */
const NARROW = { w: 340, h: 220, pad: { top: 12, right: 2, bottom: 36, left: 42 }, font: 11, label: 11 };
/** Months the phone's drawing holds: a year, so the latest month sits at the right edge, nothing off screen. */
const PHONE_MONTHS = 12;

export function UsageChart({ months }: { months: UsageMonth[] }) {
  const t = useT(portalMessages);
  const locale = useLocale();
  if (months.length === 0) return <p>{t("mco.usage.none")}</p>;
  return (
    <>
      {/* CSS shows one (portal.css): the wide one from 40rem, the phone's below, which fits without scrolling. */}
      <figure className="portal-chart-figure">
        <Bars months={months} size={WIDE} id="usage" className="portal-chart portal-chart--wide" />
        <Bars months={months.slice(-PHONE_MONTHS)} size={NARROW} id="usage-phone" className="portal-chart portal-chart--narrow" />
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

function Bars({ months, size, id, className }: { months: UsageMonth[]; size: typeof WIDE; id: string; className: string }) {
  const t = useT(portalMessages);
  const locale = useLocale();
  const { w: W, h: H, pad: PAD } = size;
  const max = Math.max(1, ...months.flatMap((m) => [m.kwh, m.lastYear ?? 0]));
  const step = niceStep(max / 4);
  const top = Math.ceil(max / step) * step;
  const band = (W - PAD.left - PAD.right) / months.length;
  const y = (v: number) => PAD.top + ((top - v) * (H - PAD.top - PAD.bottom)) / top;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const first = months[0]!;
  const last = months.at(-1)!;
  return (
    <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className={className}>
      <title id={`${id}-title`}>
        {t("mco.usage.chartTitle", { from: monthName(first.year, first.month, locale), to: monthName(last.year, last.month, locale) })}
      </title>
      <desc id={`${id}-desc`}>
        {t("mco.usage.chartDesc", { month: monthName(last.year, last.month, locale), kwh: kwhText(last.kwh, locale) })}
      </desc>
      {ticks.map((v) => (
        <g key={v}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#d1d5db" />
          <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize={size.font} fill="#4b5563">
            {v}
          </text>
        </g>
      ))}
      {months.map((m, i) => {
        const x0 = PAD.left + i * band;
        const bw = Math.max(2, band * 0.36);
        return (
          <g key={`${m.year}-${m.month}`}>
            {m.lastYear !== null && <rect x={x0 + band * 0.1} y={y(m.lastYear)} width={bw} height={y(0) - y(m.lastYear)} fill="#9fb8d3" />}
            <rect x={x0 + band * 0.1 + bw} y={y(m.kwh)} width={bw} height={y(0) - y(m.kwh)} fill="#0b3d6e" />
            <text x={x0 + band / 2} y={H - PAD.bottom + 16} textAnchor="middle" fontSize={size.label} fill="#4b5563">
              {monthShort(m.month, locale)}
            </text>
            {/* The year under January, and under the first month unless January is next to it (the years would touch). */}
            {((i === 0 && months[1]?.month !== 1) || m.month === 1) && (
              <text x={x0 + band / 2} y={H - PAD.bottom + 30} textAnchor="middle" fontSize={size.label} fill="#4b5563">
                {m.year}
              </text>
            )}
          </g>
        );
      })}
      <text x={8} y={PAD.top + 70} transform={`rotate(-90 8 ${PAD.top + 70})`} textAnchor="middle" fontSize={size.font} fill="#4b5563">
        kWh
      </text>
    </svg>
  );
}

function niceStep(raw: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(raw, 1)));
  for (const f of [1, 2, 5, 10]) if (f * p >= raw) return f * p;
  return 10 * p;
}
