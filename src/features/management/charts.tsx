import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { downloadCsv } from './csv.ts';

/**
 * The dashboard's charts in plain SVG (issue 16: no chart library for three charts). Each
 * draws in a viewBox and scales to its box, labels sit above the bars so a phone's
 * narrow screen keeps them readable, and each chart has a title, a text summary for
 * screen readers, and the CSV of the table it draws.
 */

export interface Series {
  key: string;
  label: string;
  colour: string;
}

type Cell = string | number | null;

/** A chart's frame: its title, the "Download CSV" of its table, the drawing and its legend. */
export function ChartCard({ title, csv, fileName, children, legend }: {
  title: ReactNode;
  csv: Cell[][];
  fileName: string;
  children: ReactNode;
  legend?: Series[];
}) {
  return (
    <section className="panel chart-card">
      <div className="chart-head">
        <h2>{title}</h2>
        <button type="button" className="button button-outline chart-download" onClick={() => downloadCsv(fileName, csv)}>
          <Trans>Download CSV</Trans>
        </button>
      </div>
      {children}
      {legend && (
        <ul className="chart-legend">
          {legend.map((series) => (
            <li key={series.key}>
              <span className="chart-swatch" style={{ background: series.colour }} aria-hidden="true" />
              {series.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const WIDTH = 320;

// Under each bar, its numbers, a few to a line: a touch screen shows no tooltip (desk review).
const COUNTS_PER_LINE = 3;
const COUNT_LINE = 14;

/** One horizontal bar per row, split into its series (cases by state per division), each series' number written under it. */
export function StackedBars({ rows, series, label }: { rows: { label: string; values: Record<string, number> }[]; series: Series[]; label: string }) {
  const total = (values: Record<string, number>) => series.reduce((sum, s) => sum + (values[s.key] ?? 0), 0);
  const largest = Math.max(1, ...rows.map((row) => total(row.values)));
  const countLines = (values: Record<string, number>) => {
    const shown = series.filter((s) => (values[s.key] ?? 0) > 0);
    return Array.from({ length: Math.ceil(shown.length / COUNTS_PER_LINE) }, (_, n) => shown.slice(n * COUNTS_PER_LINE, (n + 1) * COUNTS_PER_LINE));
  };
  const heightOf = (values: Record<string, number>) => 38 + countLines(values).length * COUNT_LINE;
  const tops = rows.map((_, index) => rows.slice(0, index).reduce((sum, above) => sum + heightOf(above.values), 0));
  const height = rows.reduce((sum, row) => sum + heightOf(row.values), 0);
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${Math.max(38, height)}`} role="img" aria-label={label}>
      {rows.map((row, index) => {
        const y = tops[index];
        let x = 0;
        return (
          <g key={row.label}>
            <text x={0} y={y + 11} className="chart-label">{row.label} ({total(row.values)})</text>
            {series.map((s) => {
              const width = ((row.values[s.key] ?? 0) / largest) * WIDTH;
              const bar = <rect key={s.key} x={x} y={y + 16} width={width} height={16} fill={s.colour}><title>{`${s.label}: ${row.values[s.key] ?? 0}`}</title></rect>;
              x += width;
              return bar;
            })}
            {countLines(row.values).map((line, n) => (
              <text key={n} x={0} y={y + 45 + n * COUNT_LINE} className="chart-count">
                {line.map((s, i) => (
                  <tspan key={s.key} dx={i ? 8 : 0}>
                    <tspan fill={s.colour} aria-hidden="true">■ </tspan>
                    {`${s.label} ${row.values[s.key]}`}
                  </tspan>
                ))}
              </text>
            ))}
          </g>
        );
      })}
    </svg>
  );
}

/** Grouped vertical bars over time (cases filed and answered per week). */
export function WeeklyBars({ weeks, series, label }: { weeks: { label: string; values: Record<string, number> }[]; series: Series[]; label: string }) {
  const height = 150;
  const axis = 18;
  const largest = Math.max(1, ...weeks.flatMap((week) => series.map((s) => week.values[s.key] ?? 0)));
  const slot = WIDTH / Math.max(1, weeks.length);
  const barWidth = Math.max(2, (slot - 4) / series.length);
  // Every label would overlap on a phone: a few, evenly spread, are enough to read the time.
  const labelEvery = Math.ceil(weeks.length / 4);
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${height + axis}`} role="img" aria-label={label}>
      <line x1={0} x2={WIDTH} y1={height} y2={height} className="chart-axis" />
      {weeks.map((week, index) => (
        <g key={week.label}>
          {series.map((s, n) => {
            const value = week.values[s.key] ?? 0;
            const barHeight = (value / largest) * (height - 14);
            return (
              <g key={s.key}>
                <rect x={index * slot + 2 + n * barWidth} y={height - barHeight} width={barWidth} height={barHeight} fill={s.colour}>
                  <title>{`${week.label} · ${s.label}: ${value}`}</title>
                </rect>
                {/* The number on its bar: a touch screen shows no tooltip. */}
                {value > 0 && (
                  <text x={index * slot + 2 + (n + 0.5) * barWidth} y={height - barHeight - 2} textAnchor="middle" className="chart-count">{value}</text>
                )}
              </g>
            );
          })}
          {index % labelEvery === 0 && (
            <text x={index * slot + 2} y={height + 13} className="chart-label">{week.label}</text>
          )}
        </g>
      ))}
      <text x={WIDTH} y={10} textAnchor="end" className="chart-label">{largest}</text>
    </svg>
  );
}

/** One bar per score, 1 to 5 stars (the ratings' distribution). */
export function DistributionBars({ counts, colour, label }: { counts: number[]; colour: string; label: string }) {
  const rowHeight = 26;
  const labelWidth = 40;
  const largest = Math.max(1, ...counts);
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${counts.length * rowHeight}`} role="img" aria-label={label}>
      {counts.map((count, index) => {
        const y = index * rowHeight;
        const width = (count / largest) * (WIDTH - labelWidth - 36);
        return (
          <g key={index}>
            <text x={0} y={y + 16} className="chart-label">{`${index + 1} ★`}</text>
            <rect x={labelWidth} y={y + 4} width={width} height={16} fill={colour} />
            <text x={labelWidth + width + 4} y={y + 16} className="chart-label">{count}</text>
          </g>
        );
      })}
    </svg>
  );
}
