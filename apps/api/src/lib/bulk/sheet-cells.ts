/**
 * Turns what a sheet library hands over for a cell into the text a zod schema validates, so CSV
 * and XLSX rows look alike: trimmed strings, empty cells as undefined, dates as ISO text.
 */
export function cellText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? undefined : t;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return undefined;
    // Excel stores a plain date as midnight UTC; show it as the date a user typed.
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (Array.isArray(v.richText)) return cellText(v.richText.map((r) => r.text).join(''));
    if ('result' in v) return cellText(v.result);
    if ('text' in v) return cellText(v.text);
    if (typeof v.error === 'string') return v.error;
  }
  return undefined;
}

/** Header matching ignores case, spaces, dashes and underscores: "File name" is fileName. */
export function headerKey(header: string): string {
  return header.toLowerCase().replace(/[\s_-]+/g, '');
}
