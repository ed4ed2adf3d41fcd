/**
 * The part of a search term a trigram index should look up, when it is not the whole term.
 *
 * pg_trgm reads the posting list of every trigram of a LIKE pattern before it reads a row. A code
 * such as "DEV-001234" carries the trigrams of "dev" and of the "00" every code starts with; at a
 * million user requests those lists are ~1,100 index pages (~20 ms), where "001234" alone reads 64
 * (~2 ms) and finds the same 40 rows. So a term of several words that holds a word with a digit,
 * at least four characters long (an id, a code, a number), is looked up by that word, and the whole
 * term is then checked on the rows found. Any substring of the term matches every row the term
 * matches, so the answer is the same; only the index's work changes. A term without such a word
 * (names, e-mail addresses, models) is looked up whole: its longest word can be the commonest
 * ("example" in an e-mail address).
 */
export function indexedPart(term: string): string | undefined {
  const words = term.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (words.length < 2) return undefined;
  let best: string | undefined;
  for (const word of words) {
    if (word.length >= 4 && /\p{N}/u.test(word) && word.length > (best?.length ?? 0)) best = word;
  }
  return best;
}
