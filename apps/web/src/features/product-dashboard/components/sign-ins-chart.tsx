// Loaded with this screen only (charts are not part of the shell or /login).
import '@mantine/charts/styles.css';
import type { ProductDashboard } from '@console/contract';
import { AreaChart } from '@mantine/charts';
import { Box, Table, Text, VisuallyHidden } from '@mantine/core';
import { format, isValid, parseISO } from 'date-fns';

type Day = ProductDashboard['signInsPerDay'][number];

/** 'yyyy-MM-dd' -> 'Nov 8' for the axis; the raw text when it is not a date. */
export function dayLabel(date: string): string {
  const parsed = parseISO(date);
  return isValid(parsed) ? format(parsed, 'MMM d') : date;
}

export function chartSummary(days: readonly Day[]): string {
  const total = days.reduce((sum, d) => sum + d.count, 0);
  const busiest = days.reduce<Day | undefined>((best, d) => (!best || d.count > best.count ? d : best), undefined);
  const base = `${total} sign-in${total === 1 ? '' : 's'} in the last ${days.length} day${days.length === 1 ? '' : 's'}`;
  return busiest && busiest.count > 0 ? `${base}; busiest day ${dayLabel(busiest.date)} with ${busiest.count}.` : `${base}.`;
}

/**
 * Sign-ins per day as an area chart. The SVG is hidden from assistive technology, which gets
 * a summary and the same figures as a table instead.
 */
export function SignInsChart({ days, headingId }: { days: readonly Day[]; headingId: string }) {
  const data = days.map((d) => ({ day: dayLabel(d.date), signIns: d.count }));
  const summary = chartSummary(days);
  return (
    <Box>
      <Text size="sm" c="dimmed" mb="sm">
        {summary}
      </Text>
      <Box aria-hidden>
        <AreaChart
          h={300}
          data={data}
          dataKey="day"
          series={[{ name: 'signIns', label: 'Sign-ins', color: 'brand.5' }]}
          curveType="monotone"
          withGradient
          fillOpacity={0.35}
          strokeWidth={2}
          gridAxis="y"
          tickLine="none"
          yAxisProps={{ allowDecimals: false, width: 36 }}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
          valueFormatter={(value) => String(value)}
          // Keyboard focus inside an aria-hidden chart would be a trap for screen readers; the table below carries the data.
          accessibilityLayer={false}
        />
      </Box>
      <VisuallyHidden>
        <Table aria-labelledby={headingId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Day</Table.Th>
              <Table.Th scope="col">Sign-ins</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.map((d) => (
              <Table.Tr key={d.date}>
                <Table.Td>{d.date}</Table.Td>
                <Table.Td>{d.count}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
