import { formatTimestamp } from '../../../lib/formatters';

/**
 * A spec timestamp (yyyy-MM-dd HH:mm:ss) that may wrap between date and time in a squeezed
 * column, but never inside the date at its hyphens.
 */
export function TimestampCell({ value }: { value: string | null | undefined }) {
  const text = formatTimestamp(value);
  const [date, time] = text.split(' ');
  if (!time) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span> <span style={{ whiteSpace: 'nowrap' }}>{time}</span>
    </>
  );
}
