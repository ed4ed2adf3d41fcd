import { Box, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** One column of the screen-reader table: a key of the data rows, its header, and an optional formatter. */
export type ChartTableColumn<Row> = {
  key: keyof Row & string;
  header: string;
  format?: (value: Row[keyof Row], row: Row) => ReactNode;
};

export type ChartCardProps<Row> = {
  title: string;
  /** A one-line reading of the figures (e.g. '42 requests in 14 days'), shown and read out. */
  description?: ReactNode;
  /** The figures the chart draws; the hidden table lists them row by row. */
  data: readonly Row[];
  tableColumns: readonly ChartTableColumn<Row>[];
  /** Shown instead of the chart when `data` is empty, or when `empty` says so. */
  emptyText?: string;
  /**
   * Nothing to draw although there are rows (every count 0: a donut of zeros is a blank ring).
   * The hidden table still lists the rows. Default: `data` is empty.
   */
  empty?: boolean;
  /** The Mantine chart (or anything drawn): hidden from assistive technology, which reads the table. */
  children: ReactNode;
};

/**
 * A titled card with a chart for the eye and the same figures as a visually hidden table
 * (its caption is the title) for screen readers. The card is a region named by its title,
 * so tests and landmarks find it the same way.
 */
export function ChartCard<Row>({
  title,
  description,
  data,
  tableColumns,
  emptyText,
  empty = data.length === 0,
  children,
}: ChartCardProps<Row>) {
  const headingId = useId();
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId} h="100%">
      <Title order={2} size="h4" id={headingId} mb={4}>
        {title}
      </Title>
      {description ? (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      ) : null}
      {empty ? (
        <Text size="sm" c="dimmed" py="xl" ta="center">
          {emptyText ?? 'No data yet.'}
        </Text>
      ) : (
        // The drawing is for the eye: hidden from screen readers and, being inert, out of the tab order
        // (recharts makes some shapes focusable; focus inside aria-hidden content would be lost to them).
        <Box aria-hidden inert>
          {children}
        </Box>
      )}
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <Table.Thead>
            <Table.Tr>
              {tableColumns.map((c) => (
                <Table.Th scope="col" key={c.key}>
                  {c.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: chart rows are positional figures without an id
              <Table.Tr key={i}>
                {tableColumns.map((c) => (
                  <Table.Td key={c.key}>{c.format ? c.format(row[c.key], row) : String(row[c.key] ?? '')}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
