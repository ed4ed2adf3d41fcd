// The per-day area chart's drawing: uPlot on a canvas, loaded with its screen's card (PerDayCard
// imports this file lazily, so the figures, the summary and the screen-reader table never wait
// for it). It was Mantine's AreaChart (Recharts) until issue 17: on a phone's CPU under
// Lighthouse's trace, Recharts' mount measured every tick label and the axes inside React's
// commit (50 forced style recalculations, 0.27 s) and re-rendered from its store a dozen times
// (0.1-0.2 s each); uPlot draws the same chart in a few ms, once the browser has laid the card
// out (a ResizeObserver gives the width, so nothing is measured while the page mounts).
import 'uplot/dist/uPlot.min.css';
import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import classes from './area-chart-drawing.module.css';
import { chartHex } from './chart-colors';

type Props = { data: { day: string; count: number }[]; label: string; height: number };

/** Roughly one day label per this many pixels, so labels never overlap (no text is measured). */
const LABEL_SPACING = 64;

export default function AreaChartDrawing({ data, label, height }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const tip = useRef<HTMLDivElement>(null);
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The user's primary colour in the shade with 3:1 on the card, as the bar charts draw it.
    const primary = chartHex(theme, 'brand', dark ? 'dark' : 'light');
    const colors = {
      line: primary,
      fill: `${primary}59`,
      grid: dark ? theme.colors.dark[4] : theme.colors.gray[3],
      text: dark ? theme.colors.dark[1] : theme.colors.gray[7],
      surface: dark ? theme.colors.dark[7] : theme.white,
    };
    const font = `12px ${theme.fontFamily}`;
    const days = data.map((d) => d.day);
    let plot: uPlot | undefined;
    const build = (width: number) =>
      new uPlot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { y: false, points: { size: 8, fill: colors.line }, drag: { x: false, y: false } },
          scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            {
              stroke: colors.text,
              font,
              grid: { stroke: colors.grid, width: 1, dash: [3, 3] },
              ticks: { show: false },
              // Every day when they fit, else every k-th counted back from today's (always labelled):
              // the labels' width is known in advance, so none is measured.
              splits: () => {
                const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(width / LABEL_SPACING))));
                return days.map((_, i) => i).filter((i) => (days.length - 1 - i) % every === 0);
              },
              values: (_u, splits) => splits.map((i) => days[i] ?? ''),
            },
            {
              stroke: colors.text,
              font,
              size: 40,
              grid: { show: false },
              ticks: { show: false },
              // Whole numbers only: these are counts.
              incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000],
              values: (_u, splits) => splits.map((v) => String(v)),
            },
          ],
          series: [
            {},
            {
              label,
              stroke: colors.line,
              width: 2,
              fill: colors.fill,
              paths: uPlot.paths.spline?.(),
              points: { show: true, size: 6, fill: colors.line, stroke: colors.line },
            },
          ],
          hooks: {
            // The hovered day and its count, in a tooltip by the cursor.
            setCursor: [
              (u) => {
                const i = u.cursor.idx;
                const t = tip.current;
                if (!t) return;
                if (i === null || i === undefined || !days[i]) {
                  t.hidden = true;
                  return;
                }
                t.hidden = false;
                t.textContent = `${days[i]}: ${label} ${data[i]?.count ?? 0}`;
                t.style.transform = `translate(${Math.round(u.valToPos(i, 'x'))}px, 0)`;
              },
            ],
          },
        },
        [days.map((_, i) => i), data.map((d) => d.count)],
        element,
      );
    // Built once the card has its width (reported after layout), resized with it.
    const sized = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width <= 0) return;
      if (plot) plot.setSize({ width, height });
      else plot = build(width);
    });
    sized.observe(element);
    if (tip.current) tip.current.style.background = colors.surface;
    return () => {
      sized.disconnect();
      plot?.destroy();
    };
  }, [data, label, height, theme, dark]);

  return (
    <div className={classes.frame} style={{ height }} data-chart="per-day">
      <div ref={box} className={classes.plot} />
      <div ref={tip} className={classes.tip} hidden />
    </div>
  );
}
