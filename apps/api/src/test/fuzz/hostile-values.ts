import fc from 'fast-check';

/**
 * Inputs an attacker (or a broken client) sends: text the database or a parser may choke on,
 * numbers at and past every integer limit, wrong types, deep nesting. None of them contains a
 * marker the leak check looks for (this checkout's path, the temp dir, node_modules, SQL error
 * wording), so an answer that merely echoes one is never taken for a leak.
 */

export const MAX_INT4 = 2_147_483_647;

const INJECTIONS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "admin'--",
  '%_%',
  '\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as literal text
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '/etc/shadow',
  'C:\\Windows\\System32',
  'file:///etc/passwd',
  '\r\nSet-Cookie: injected=1',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '0x10',
  '1e400',
  ' 1 ',
  '١٢٣',
  '9'.repeat(40),
];

const ODD_TEXT = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(10),
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '\uFEFFbom',
  'e\u0301\u0301\u0301',
  '🔥👩‍👩‍👧‍👦🏳️‍🌈',
  '\uD800',
  'a\uDC00b',
  '\uFFFE\uFFFF',
  '\u0085\u2028\u2029',
  'İıſ',
  'ß'.repeat(50),
];

/** Single characters that break naive code: NUL, lone surrogates, direction overrides, quotes, wildcards. */
const ODD_CHARS = [
  '\u0000',
  '\uD800',
  '\uDFFF',
  '\u202E',
  '\uFEFF',
  '\u200B',
  '\u0085',
  '\u2028',
  '🔥',
  'e\u0301',
  "'",
  '"',
  '\\',
  '%',
  '_',
  '\r\n',
  '\t',
  '<',
  '\u0001',
  '\u001b',
];

/** NUL and lone surrogates first: they are what the database refuses. */
const oddChar = fc.oneof(
  { weight: 4, arbitrary: fc.constant('\u0000') },
  { weight: 2, arbitrary: fc.constantFrom('\uD800', '\uDFFF') },
  { weight: 4, arbitrary: fc.constantFrom(...ODD_CHARS) },
);

/** `base` with one to three odd characters slipped in: still passes format checks that ignore them. */
export function spiced(base: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, fc.array(fc.tuple(oddChar, fc.nat()), { minLength: 1, maxLength: 3 })).map(([text, inserts]) =>
    inserts.reduce((t, [ch, at]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + ch + t.slice(i);
    }, text),
  );
}

const HUGE_TEXT = ['x'.repeat(100_000), '🔥'.repeat(25_000), 'é'.repeat(60_000), '\u0000'.repeat(5_000), 'a '.repeat(50_000)];

/** Any text at all: crafted attacks, odd Unicode, random code points, 100 kB strings, mixes. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INJECTIONS) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_TEXT) },
  { weight: 3, arbitrary: spiced(fc.string({ maxLength: 20 })) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...INJECTIONS, ...ODD_TEXT)).map(([a, b]) => a + b) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_TEXT) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((n) => 'a'.repeat(n)) },
);

/** Numbers at and beyond each limit the API and PostgreSQL have, and JSON's odd ones. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    0.5,
    1.5,
    -1.5,
    MAX_INT4,
    MAX_INT4 + 1,
    -MAX_INT4 - 1,
    -MAX_INT4 - 2,
    2 ** 31,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    -(2 ** 63),
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    1e-300,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Arrays or objects nested `depth` levels (past any sane depth and past the guard's). */
const deeplyNested: fc.Arbitrary<unknown> = fc.tuple(fc.integer({ min: 33, max: 3_000 }), fc.boolean()).map(([depth, arrays]) => {
  let v: unknown = 'deep';
  for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
  return v;
});

const pollution = fc.constantFrom<unknown>(
  JSON.parse('{"__proto__":{"isAdmin":true}}'),
  JSON.parse('{"constructor":{"prototype":{"isAdmin":true}}}'),
  { toString: 'x', valueOf: 1, hasOwnProperty: 'x' },
);

/** A value of any type, most of them wrong for whatever field receives it. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], [''], { '': '' }) },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: pollution },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { minLength: 1, maxLength: 3 }) },
);

/** Raw URL pieces that no encoder would produce: broken escapes, traversal, over-long segments. */
export const hostileRawSegment: fc.Arbitrary<string> = fc.constantFrom(
  '%zz',
  '%',
  '%0',
  '%00',
  'a%00b',
  '%c0%ae%c0%ae',
  '%E0%A4%A',
  '%ff%fe',
  '..',
  '.',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%2F',
  ';x=1',
  '~',
  '%20',
  '+',
  'a'.repeat(101),
  'b'.repeat(5_000),
  '%u0000',
  '\u00e9',
);

/** Raw query strings that break the usual shape. */
export const hostileRawQuery: fc.Arbitrary<string> = fc.constantFrom(
  '&&&',
  '=',
  '==&==',
  'a=%zz',
  '%00=1',
  'search=%00',
  'search=%E0%A4%A',
  'page[]=1&page[]=2',
  'page=1&page=2',
  'limit=1&limit=x',
  'sortField=__proto__',
  '__proto__[x]=1',
  'constructor[prototype][x]=1',
  `x=${'a'.repeat(8_000)}`,
  `search=${'%25'.repeat(100)}`,
);
