import type { ReactElement } from 'react';
import {
  Bar,
  BarChart,
  Cell,
  CartesianGrid,
  Legend,
  Line,
  ComposedChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The dashboard's charts (recharts, SVG), in a chunk of their own that only the dashboard loads. Each is drawn
 * for the eye only (aria-hidden, no keyboard layer): the page gives every figure as text in a table beside it.
 */

const tick = { fontSize: 12, fill: '#5b6475' };
// jsdom has no layout: the charts keep these sizes until a ResizeObserver reports the real ones
const initial = { width: 640, height: 260 };

function Frame({ height, children }: { height: number; children: ReactElement }) {
  return (
    <div aria-hidden="true" style={{ width: '100%', height }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ ...initial, height }}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export interface Series {
  key: string;
  label: string;
  color: string;
  axis?: 'left' | 'right';
  type?: 'bar' | 'line';
  stack?: string;
}

/** Daily figures of the month: bars on the left axis, lines (or bars) on the right. */
export function DailyChart({
  data,
  series,
  format,
  formatRight,
}: {
  data: Array<Record<string, string | number>>;
  series: Series[];
  format: (n: number) => string;
  formatRight?: (n: number) => string;
}) {
  const right = series.some((s) => s.axis === 'right');
  return (
    <Frame height={280}>
      <ComposedChart
        data={data}
        margin={{ top: 8, right: right ? 8 : 16, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={tick} interval="preserveStartEnd" minTickGap={12} />
        <YAxis yAxisId="left" tick={tick} tickFormatter={format} width={72} allowDecimals={false} />
        {right ? (
          <YAxis
            yAxisId="right"
            orientation="right"
            tick={tick}
            tickFormatter={formatRight ?? format}
            width={64}
          />
        ) : null}
        <Tooltip
          formatter={(v, _n, item) =>
            (item.dataKey && series.find((s) => s.key === item.dataKey)?.axis === 'right'
              ? (formatRight ?? format)
              : format)(Number(v))
          }
        />
        <Legend wrapperStyle={{ fontSize: 13 }} />
        {series.map((s) =>
          s.type === 'line' ? (
            <Line
              key={s.key}
              yAxisId={s.axis ?? 'left'}
              dataKey={s.key}
              name={s.label}
              stroke={s.color}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ) : (
            <Bar
              key={s.key}
              yAxisId={s.axis ?? 'left'}
              dataKey={s.key}
              name={s.label}
              fill={s.color}
              stackId={s.stack}
              isAnimationActive={false}
            />
          ),
        )}
      </ComposedChart>
    </Frame>
  );
}

/** Horizontal bars, one row per category (payment methods, packs, age buckets), stacked when asked. */
export function RowsChart({
  data,
  series,
  format,
  rowHeight = 34,
  colors,
}: {
  data: Array<Record<string, string | number>>;
  series: Series[];
  format: (n: number) => string;
  rowHeight?: number;
  /** One colour per row (a single series): the rows' own colours, no legend. */
  colors?: string[];
}) {
  const height = Math.max(120, data.length * rowHeight + 60);
  return (
    <Frame height={height}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 24, bottom: 0, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tick={tick} tickFormatter={format} allowDecimals={false} />
        <YAxis type="category" dataKey="label" tick={tick} width={150} interval={0} />
        <Tooltip formatter={(v) => format(Number(v))} />
        {series.length > 1 ? <Legend wrapperStyle={{ fontSize: 13 }} /> : null}
        {series.map((s) => (
          <Bar
            key={s.key}
            dataKey={s.key}
            name={s.label}
            fill={s.color}
            stackId={s.stack}
            isAnimationActive={false}
          >
            {colors ? data.map((row, i) => <Cell key={String(row.label)} fill={colors[i]} />) : null}
          </Bar>
        ))}
      </BarChart>
    </Frame>
  );
}
