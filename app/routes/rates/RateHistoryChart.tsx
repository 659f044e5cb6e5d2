/**
 * The rate history as a server-rendered SVG line chart (no chart library, no JS),
 * with the numbers in a table for screen readers and anyone who wants them.
 */

import type { RateHistoryPoint } from "../../../modules/rates/model";
import { RATE_TYPES, type RateType } from "../../../modules/shared/constants";
import { useT } from "../../i18n";
import { RATE_TYPE_KEYS, rateMessages } from "../../messages/rates";

const SERIES: Record<RateType, { color: string; dash?: string; marker: "circle" | "square" | "diamond" }> = {
  R: { color: "#0b3d6e", marker: "circle" },
  LV: { color: "#8a5a00", dash: "6 4", marker: "square" },
  HV: { color: "#0a6b35", dash: "2 3", marker: "diamond" },
};

const W = 720;
const H = 300;
const PAD = { top: 16, right: 16, bottom: 48, left: 52 };

function Marker({ kind, x, y, color }: { kind: "circle" | "square" | "diamond"; x: number; y: number; color: string }) {
  if (kind === "circle") return <circle cx={x} cy={y} r={3.5} fill={color} />;
  if (kind === "square") return <rect x={x - 3.5} y={y - 3.5} width={7} height={7} fill={color} />;
  return <path d={`M${x} ${y - 4.5}L${x + 4.5} ${y}L${x} ${y + 4.5}L${x - 4.5} ${y}Z`} fill={color} />;
}

export function RateHistoryChart({ history, monthNames }: { history: RateHistoryPoint[]; monthNames: string[] }) {
  const t = useT(rateMessages);
  const short = (p: { year: number; month: number }) => `${monthNames[p.month - 1]!.slice(0, 3)} ${p.year}`;
  const label = (type: RateType) => t(RATE_TYPE_KEYS[type]);
  const values = history.flatMap((p) => RATE_TYPES.map((t) => p.rates[t]).filter((v): v is number => v !== null));
  if (values.length === 0) return <p className="rates-empty">{t("chart.none")}</p>;
  const lo = Math.floor(Math.min(...values) * 2) / 2 - 0.5;
  const hi = Math.ceil(Math.max(...values) * 2) / 2 + 0.5;
  const step = hi - lo > 6 ? 1 : 0.5;
  const ticks: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) ticks.push(Math.round(v * 100) / 100);
  const x = (i: number) => PAD.left + (history.length === 1 ? 0 : (i * (W - PAD.left - PAD.right)) / (history.length - 1));
  const y = (v: number) => PAD.top + ((hi - v) * (H - PAD.top - PAD.bottom)) / (hi - lo);
  const first = history[0]!;
  const last = history.at(-1)!;
  const lastRates = RATE_TYPES.filter((type) => last.rates[type] !== null).map((type) => `${label(type)} ${last.rates[type]!.toFixed(4)}`);

  // A line per type, broken where a month has no rate.
  const segments = (t: RateType) => {
    const out: string[] = [];
    let d = "";
    history.forEach((p, i) => {
      const v = p.rates[t];
      if (v === null) {
        if (d) out.push(d);
        d = "";
      } else d += `${d ? "L" : "M"}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
    });
    if (d) out.push(d);
    return out;
  };

  return (
    <>
      <figure className="rates-chart">
        <div className="rates-chart__scroll" tabIndex={0} role="region" aria-label={t("chart.region")}>
          <svg
            viewBox={`0 0 ${W} ${H}`}
            role="img"
            aria-labelledby="rates-chart-title rates-chart-desc"
            preserveAspectRatio="xMidYMid meet"
          >
            {/* One string child: React renders <title> text without the comment markers that split text nodes. */}
            <title id="rates-chart-title">{t("chart.title", { from: short(first), to: short(last) })}</title>
            <desc id="rates-chart-desc">{t("chart.desc", { month: short(last), rates: lastRates.join(", ") || t("chart.noRates") })}</desc>
            {ticks.map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} stroke="#d1d5db" strokeWidth={1} />
                <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize={12} fill="#4b5563">
                  {v.toFixed(step < 1 ? 1 : 0)}
                </text>
              </g>
            ))}
            {history.map((p, i) =>
              i % 3 === (history.length - 1) % 3 ? (
                <text key={`${p.year}-${p.month}`} x={x(i)} y={H - PAD.bottom + 18} textAnchor="middle" fontSize={11} fill="#4b5563">
                  <tspan x={x(i)}>{monthNames[p.month - 1]!.slice(0, 3)}</tspan>
                  <tspan x={x(i)} dy={13}>
                    {p.year}
                  </tspan>
                </text>
              ) : null,
            )}
            <text
              x={14}
              y={PAD.top + (H - PAD.top - PAD.bottom) / 2}
              transform={`rotate(-90 14 ${PAD.top + (H - PAD.top - PAD.bottom) / 2})`}
              textAnchor="middle"
              fontSize={12}
              fill="#4b5563"
            >
              Php/kWh
            </text>
            {RATE_TYPES.map((t) => (
              <g key={t}>
                {segments(t).map((d, k) => (
                  <path
                    key={k}
                    d={d}
                    fill="none"
                    stroke={SERIES[t].color}
                    strokeWidth={2.5}
                    strokeDasharray={SERIES[t].dash}
                    strokeLinejoin="round"
                  />
                ))}
                {history.map((p, i) =>
                  p.rates[t] === null ? null : (
                    <Marker key={i} kind={SERIES[t].marker} x={x(i)} y={y(p.rates[t]!)} color={SERIES[t].color} />
                  ),
                )}
              </g>
            ))}
          </svg>
        </div>
        <figcaption>
          <ul className="rates-chart__legend">
            {RATE_TYPES.map((type) => (
              <li key={type}>
                <svg width="34" height="12" aria-hidden="true" focusable="false">
                  <line x1="1" x2="33" y1="6" y2="6" stroke={SERIES[type].color} strokeWidth={2.5} strokeDasharray={SERIES[type].dash} />
                  <Marker kind={SERIES[type].marker} x={17} y={6} color={SERIES[type].color} />
                </svg>
                {type} {label(type)}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      {/* The numbers beside the figure, not in it: a figure holds its caption first or last. */}
      <details className="rates-chart__data">
        <summary>{t("chart.numbers")}</summary>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t("chart.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("rates.month")}</th>
                {RATE_TYPES.map((t) => (
                  <th scope="col" key={t} className="num">
                    {t} {label(t)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...history].reverse().map((p) => (
                <tr key={`${p.year}-${p.month}`}>
                  <th scope="row">
                    {monthNames[p.month - 1]} {p.year}
                  </th>
                  {RATE_TYPES.map((t) => (
                    <td key={t} className="num">
                      {p.rates[t] === null ? "—" : p.rates[t]!.toFixed(4)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
