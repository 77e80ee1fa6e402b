/**
 * Monthly production chart (step 2): an SVG bar chart of twelve months of kWh,
 * named and summarised for screen readers (role img), with the same figures in a data
 * table under a disclosure as the accessible alternative. Month names follow the locale.
 */
import { useId } from 'react';
import { useIntl } from 'react-intl';

export interface ProductionChartProps {
  /** Twelve values, January first, kWh. */
  monthlyKwh: readonly number[];
}

const WIDTH = 600;
const HEIGHT = 240;
const PAD = { top: 16, right: 8, bottom: 28, left: 48 };

/** The chart and its table. */
export function ProductionChart({ monthlyKwh }: ProductionChartProps) {
  const intl = useIntl();
  const id = useId();
  const months = monthlyKwh.map((_, index) =>
    intl.formatDate(Date.UTC(2024, index, 15), { month: 'short', timeZone: 'UTC' }),
  );
  const longMonths = monthlyKwh.map((_, index) =>
    intl.formatDate(Date.UTC(2024, index, 15), { month: 'long', timeZone: 'UTC' }),
  );
  const max = Math.max(1, ...monthlyKwh);
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerW / monthlyKwh.length;
  const best = monthlyKwh.indexOf(Math.max(...monthlyKwh));
  const worst = monthlyKwh.indexOf(Math.min(...monthlyKwh));
  const kwh = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 0 });
  const summary = intl.formatMessage(
    { id: 'fullCalculator.chart.summary' },
    {
      best: longMonths[best] ?? '',
      bestKwh: kwh(monthlyKwh[best] ?? 0),
      worst: longMonths[worst] ?? '',
      worstKwh: kwh(monthlyKwh[worst] ?? 0),
    },
  );
  const ticks = [0, 0.5, 1].map((f) => Math.round(max * f));
  return (
    <figure className="flex flex-col gap-2">
      <figcaption id={`${id}-title`} className="text-sm font-semibold">
        {intl.formatMessage({ id: 'fullCalculator.chart.title' })}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-fg"
      >
        <desc id={`${id}-desc`}>{summary}</desc>
        {ticks.map((tick) => {
          const y = PAD.top + innerH - (tick / max) * innerH;
          return (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y}
                y2={y}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill="currentColor">
                {kwh(tick)}
              </text>
            </g>
          );
        })}
        {monthlyKwh.map((value, index) => {
          const h = (value / max) * innerH;
          const x = PAD.left + index * slot + slot * 0.15;
          return (
            <g key={index}>
              <rect
                x={x}
                y={PAD.top + innerH - h}
                width={slot * 0.7}
                height={h}
                rx={3}
                className="fill-brand-accent"
              />
              <text
                x={x + slot * 0.35}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {months[index]}
              </text>
            </g>
          );
        })}
      </svg>
      <details className="text-sm">
        <summary className="cursor-default font-medium">
          {intl.formatMessage({ id: 'fullCalculator.chart.showTable' })}
        </summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">
            {intl.formatMessage({ id: 'fullCalculator.chart.title' })}
          </caption>
          <thead>
            <tr>
              <th scope="col" className="py-1">
                {intl.formatMessage({ id: 'fullCalculator.chart.month' })}
              </th>
              <th scope="col" className="py-1 text-right">
                {intl.formatMessage({ id: 'fullCalculator.chart.kwh' })}
              </th>
            </tr>
          </thead>
          <tbody>
            {monthlyKwh.map((value, index) => (
              <tr key={index} className="border-t border-border">
                <th scope="row" className="py-1 font-normal">
                  {longMonths[index]}
                </th>
                <td className="py-1 text-right tabular-nums">{kwh(value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
