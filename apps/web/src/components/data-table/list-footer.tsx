import { ROW_LIMITS } from '@console/contract';
import { Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { formatCount } from '../../lib/formatters';

export type ListFooterProps = {
  page: number;
  limit: number;
  /** Rows on this page. */
  rows: number;
  total: number;
  totalPages: number;
  /** The API stopped counting at `total` (lib/list-page.ts): there are more rows than that. */
  totalCapped?: boolean;
  limits?: readonly number[];
  onPage(page: number): void;
  onLimit(limit: number): void;
};

/** "1–500 of 1234", or "1–500 of more than 10,000" when the API capped its count. */
function countText({ page, limit, rows, total, totalCapped }: Pick<ListFooterProps, 'page' | 'limit' | 'rows' | 'total' | 'totalCapped'>) {
  if (total <= 0 || (totalCapped && rows === 0)) return '';
  const from = (page - 1) * limit + 1;
  if (totalCapped) return `${from}–${from + rows - 1} of more than ${formatCount(total)}`;
  return `${from}–${Math.min(total, from + rows - 1)} of ${total}`;
}

/**
 * The pages the pager offers. With a capped count the end is unknown: the pages the API knows
 * exist, plus the next one while this page is full, so the user can keep paging; the "last page"
 * button is then disabled rather than jumping to a page that is not the last.
 */
function pagerPages({
  page,
  limit,
  rows,
  totalPages,
  totalCapped,
}: Pick<ListFooterProps, 'page' | 'limit' | 'rows' | 'totalPages' | 'totalCapped'>) {
  if (!totalCapped) return Math.max(totalPages, 1);
  return Math.max(totalPages, page + (rows === limit ? 1 : 0), 1);
}

/** The row count, rows-per-page and pager under a list (data-table.tsx). */
export function ListFooter(props: ListFooterProps) {
  const pages = pagerPages(props);
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm" c="dimmed">
        {countText(props)}
      </Text>
      <Group gap="md" wrap="wrap">
        <NativeSelect
          label="Rows per page"
          size="xs"
          data={(props.limits ?? ROW_LIMITS).map(String)}
          value={String(props.limit)}
          onChange={(event) => props.onLimit(Number(event.currentTarget.value))}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
        />
        <Pagination
          size="sm"
          withEdges
          total={pages}
          value={Math.min(props.page, pages)}
          onChange={props.onPage}
          getControlProps={(control) => ({
            'aria-label': `${control[0].toUpperCase()}${control.slice(1)} page`,
            ...(control === 'last' && props.totalCapped ? { disabled: true, title: 'The number of pages is not known' } : {}),
          })}
          getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
        />
      </Group>
    </Group>
  );
}
