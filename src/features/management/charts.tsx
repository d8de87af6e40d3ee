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

/** One horizontal bar per row, split into its series (cases by state per division). */
export function StackedBars({ rows, series, label }: { rows: { label: string; values: Record<string, number> }[]; series: Series[]; label: string }) {
  const rowHeight = 38;
  const total = (values: Record<string, number>) => series.reduce((sum, s) => sum + (values[s.key] ?? 0), 0);
  const largest = Math.max(1, ...rows.map((row) => total(row.values)));
  return (
    <svg className="chart" viewBox={`0 0 ${WIDTH} ${Math.max(rowHeight, rows.length * rowHeight)}`} role="img" aria-label={label}>
      {rows.map((row, index) => {
        const y = index * rowHeight;
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
              <rect key={s.key} x={index * slot + 2 + n * barWidth} y={height - barHeight} width={barWidth} height={barHeight} fill={s.colour}>
                <title>{`${week.label} · ${s.label}: ${value}`}</title>
              </rect>
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
