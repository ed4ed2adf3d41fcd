import { formatTimestamp } from '../../lib/formatters';

/**
 * A spec timestamp (yyyy-MM-dd HH:mm:ss) for a table cell: it may wrap between date and time
 * when the table is squeezed (so a list with several timestamps still fits at 1440 px), but
 * never inside the date or the time.
 */
export function TimestampCell({ value }: { value: string | number | Date | null | undefined }) {
  const text = formatTimestamp(value);
  const [date, time] = text.split(' ');
  if (!time) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
    </>
  );
}
