import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { MountInView } from '../ui/mount-in-view';
import { ChartCard } from './chart-card';
import { dayLabel, perDaySummary } from './chart-format';

type Day = { date: string; count: number };

const AreaChartDrawing = lazy(() => import('./area-chart-drawing'));
/** The drawing's height, kept free while it loads (no layout shift). */
const CHART_HEIGHT = 280;

type Props = {
  title: string;
  days: readonly Day[];
  /** What is counted, singular, for the summary ('request' -> '42 requests in the last 14 days'). */
  noun?: string;
  /** The series and the table column ('Requests'). */
  label?: string;
  /** The table's day column: days are UTC unless the API counted them in the browser's time zone. */
  dayHeader?: string;
};

/** A count per day as an area chart in a ChartCard (the tones dashboards' requests, the product dashboard's sign-ins). */
export function PerDayCard({ title, days, noun = 'request', label = 'Requests', dayHeader = 'Day (UTC)' }: Props) {
  const data = days.map((d) => ({ day: dayLabel(d.date), count: d.count }));
  const columns = [
    { key: 'date', header: dayHeader },
    { key: 'count', header: label },
  ] as const;
  return (
    <ChartCard title={title} description={perDaySummary(days, noun)} data={days} tableColumns={columns}>
      {/* Drawn once scrolled into view: below the fold on a phone (MountInView says why). */}
      <MountInView height={CHART_HEIGHT}>
        <Suspense fallback={<Box h={CHART_HEIGHT} />}>
          <AreaChartDrawing data={data} label={label} height={CHART_HEIGHT} />
        </Suspense>
      </MountInView>
    </ChartCard>
  );
}
