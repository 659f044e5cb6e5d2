/**
 * The survey results' charts: server-rendered SVG (no chart library, no JS), like the rates
 * chart (app/routes/rates/RateHistoryChart.tsx). Each chart has a table of the same numbers
 * beside it, which is also what screen readers read.
 */

export interface Bar {
  label: string;
  value: number | null;
  /** What is written at the end of the bar ("3.25", "12"). */
  text: string;
}

const INK = "#1f2937";
const MUTED = "#4b5563";
const GRID = "#d1d5db";
const BAR = "#0b3d6e";

/**
 * Bars across, one per row, the label above its bar: the choices of a question, the towns.
 * No viewBox: widths are percentages and text keeps its size, so a phone reads it as well as
 * a wide screen. `max` is the scale's end; bars reach at most 85% to leave room for the number.
 */
export function HorizontalBars({
  id,
  title,
  desc,
  bars,
  max,
  ticks,
}: {
  id: string;
  title: string;
  desc: string;
  bars: Bar[];
  max: number;
  ticks: number[];
}) {
  const ROW = 42;
  const BOTTOM = ticks.length ? 22 : 4;
  const H = bars.length * ROW + BOTTOM;
  const x = (v: number) => `${max > 0 ? (v / max) * 85 : 0}%`;
  return (
    <svg width="100%" height={H} role="img" aria-labelledby={`${id}-title ${id}-desc`} className="survey-chart__svg">
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={x(t)} x2={x(t)} y1={0} y2={H - BOTTOM} stroke={GRID} strokeWidth={1} />
          <text x={x(t)} y={H - 6} textAnchor={t === 0 ? "start" : "middle"} fontSize={13} fill={MUTED}>
            {t}
          </text>
        </g>
      ))}
      {bars.map((b, i) => {
        const y = i * ROW;
        return (
          <g key={b.label}>
            {/* A white halo keeps the label readable over the grid lines. */}
            <text x={0} y={y + 15} fontSize={14} fill={INK} stroke="#fff" strokeWidth={4} paintOrder="stroke">
              {b.label}
            </text>
            {b.value !== null && b.value > 0 && <rect x={0} y={y + 21} width={x(b.value)} height={16} fill={BAR} rx={2} />}
            <text x={b.value ? x(b.value) : 0} dx={5} y={y + 34} fontSize={13} fill={INK}>
              {b.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Bars up, one per column: the months. Values on a 0 to `max` scale; `under` is a second line under each label. */
export function ColumnBars({
  id,
  title,
  desc,
  columns,
  max,
  ticks,
}: {
  id: string;
  title: string;
  desc: string;
  columns: (Bar & { short: string; under: string })[];
  max: number;
  ticks: number[];
}) {
  const W = 720;
  const H = 280;
  const PAD = { top: 24, right: 12, bottom: 52, left: 40 };
  const slot = (W - PAD.left - PAD.right) / Math.max(1, columns.length);
  const y = (v: number) => PAD.top + ((max - v) * (H - PAD.top - PAD.bottom)) / max;
  const every = Math.ceil(columns.length / 24);
  return (
    <svg
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      className="survey-chart__svg survey-chart__svg--wide"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {ticks.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke={GRID} strokeWidth={1} />
          <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize={12} fill={MUTED}>
            {t}
          </text>
        </g>
      ))}
      {columns.map((c, i) => {
        const cx = PAD.left + slot * i + slot / 2;
        const w = Math.min(36, slot * 0.7);
        return (
          <g key={c.label}>
            {c.value !== null && c.value > 0 && (
              <rect x={cx - w / 2} y={y(c.value)} width={w} height={y(0) - y(c.value)} fill={BAR} rx={2} />
            )}
            {slot >= 24 && (
              <text x={cx} y={(c.value ? y(c.value) : y(0)) - 5} textAnchor="middle" fontSize={11} fill={INK}>
                {c.text}
              </text>
            )}
            {i % every === 0 && (
              <text x={cx} y={H - PAD.bottom + 18} textAnchor="middle" fontSize={11} fill={MUTED}>
                <tspan x={cx}>{c.short}</tspan>
                <tspan x={cx} dy={13}>
                  {c.under}
                </tspan>
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
