/**
 * A chart of the reporting (issue 24) drawn by uPlot — the kept chart library: about 50 kB, canvas,
 * no dependencies — which only this element's chunk loads (the page entry's budget is unchanged).
 * The first series is drawn as bars, the others as lines with points, over named categories
 * (months, aged buckets, customers). The canvas is an image with its accessible name; its figures
 * are the table under it (ChartSection), which screen readers and copying use.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCents } from '../../contract/format';
import { useSeen } from '../../ui/useSeen';
import * as styles from './reporting.css';

export interface ChartSeries {
  label: string;
  /** Cents, one per category. */
  values: readonly number[];
  /** A fill for bars, a stroke for lines (the theme's colours: canvas does not read CSS variables). */
  color: string;
}

export interface BarChartProps {
  /** The chart's accessible name (« Graphique : … »). */
  label: string;
  categories: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
}

const euros = (cents: number) => formatCents(Math.round(cents), 0);

export function BarChart({ label, categories, series, height = 240 }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  // Drawn when it comes into view, each chart in a task of its own: its box holds its height already.
  const seen = useSeen(box);
  useEffect(() => {
    const target = box.current;
    if (!target || !seen) return;
    const width = Math.max(target.clientWidth, 320);
    const x = categories.map((_, index) => index);
    const options: uPlot.Options = {
      width,
      height,
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.5, Math.max(categories.length - 0.5, 0.5)] } },
      axes: [
        {
          values: (_u, splits) =>
            splits.map((split) => (Number.isInteger(split) ? (categories[split] ?? '') : '')),
          splits: () => x,
          gap: 4,
        },
        { values: (_u, splits) => splits.map((split) => euros(split)), size: 90 },
      ],
      series: [
        {},
        ...series.map((s, index) =>
          index === 0
            ? {
                label: s.label,
                fill: s.color,
                stroke: s.color,
                paths: uPlot.paths.bars?.({ size: [0.6, 64] }),
                points: { show: false },
              }
            : { label: s.label, stroke: s.color, width: 2, points: { show: true, size: 6, fill: s.color } },
        ),
      ],
    };
    const chart = new uPlot(options, [x, ...series.map((s) => [...s.values])], target);
    // The chart follows its box's width (the menu collapses, the window narrows).
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(target.clientWidth, 320), height }),
    );
    resize.observe(target);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [categories, series, height, seen]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} />;
}
