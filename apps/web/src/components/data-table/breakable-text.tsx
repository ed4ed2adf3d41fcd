import { Fragment, type ReactNode } from 'react';

/** Words shorter than this stay whole (versions, abbreviations, short numbers). */
const MIN_BREAKABLE = 16;
// URLs and paths: after "/" and before "." (the typographic convention).
const BREAK = /(?<=\/)(?=[^/])|(?<=.)(?=\.)/;
const EMAIL = /^[^\s@/]+@[^\s@/]+$/;
/** An e-mail part up to this long stays whole; a longer one may also break before its dots. */
const EMAIL_PART = 20;

/**
 * Where a word may break. An e-mail breaks after its "@", so each line is a whole part
 * ("manager@" / "example.com"), never a lone ".com"; only an unusually long part breaks before its dots too.
 */
function pieces(word: string): string[] {
  if (!EMAIL.test(word)) return word.split(BREAK);
  const at = word.indexOf('@') + 1;
  const part = (text: string) => (text.length > EMAIL_PART ? text.split(/(?=\.)/) : [text]);
  return [...part(word.slice(0, at)), ...part(word.slice(at))];
}

/**
 * The text with line-break opportunities (<wbr>) inside long e-mails, URLs and paths, so a
 * squeezed table column wraps "manager@ | example.com" instead of forcing the whole table
 * wider than the page (the pinned actions column then covered the last columns at 1440 px).
 * Only long space-free words are touched; other nodes are returned as they are.
 */
export function breakable(node: ReactNode): ReactNode {
  if (typeof node !== 'string' || node.length < MIN_BREAKABLE) return node;
  const words = node.split(/(\s+)/);
  if (!words.some((w) => w.length >= MIN_BREAKABLE && pieces(w).length > 1)) return node;
  return words.map((word, i) => {
    if (word.length < MIN_BREAKABLE) return word;
    const parts = pieces(word);
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one immutable string, never reordered
      <Fragment key={i}>
        {parts.map((part, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: positional pieces of one immutable string, never reordered
          <Fragment key={j}>
            {j > 0 ? <wbr /> : null}
            {part}
          </Fragment>
        ))}
      </Fragment>
    );
  });
}
