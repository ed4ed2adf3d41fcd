import fc from 'fast-check';

/**
 * multipart/form-data bodies built by hand, so the fuzzer can also build the broken ones no
 * client library would: no or wrong boundary, cut off anywhere, bare LF line ends, parts
 * without a name, too many parts, fields over the limit, files under the wrong name.
 */

export type FilePart = { name: string; filename: string; type: string; content: Buffer };

/** Sample files the fuzzer attaches (see fuzz-target.ts): valid images and everything else. */
export type FileSamples = Record<string, { filename: string; type: string; content: Buffer }>;

export type MultipartOddity =
  | 'none'
  | 'no-boundary'
  | 'wrong-boundary'
  | 'boundary-too-long'
  | 'truncated'
  | 'no-closing-boundary'
  | 'bare-lf'
  | 'nameless-part'
  | 'duplicate-fields'
  | 'many-parts'
  | 'huge-field'
  | 'garbage';

export const MULTIPART_ODDITIES: MultipartOddity[] = [
  'no-boundary',
  'wrong-boundary',
  'boundary-too-long',
  'truncated',
  'no-closing-boundary',
  'bare-lf',
  'nameless-part',
  'duplicate-fields',
  'many-parts',
  'huge-field',
  'garbage',
];

export type MultipartSpec = {
  fields: Record<string, string>;
  files: FilePart[];
  oddity: MultipartOddity;
  /** Where a truncated body is cut, as a fraction of its length. */
  cutAt: number;
};

const quote = (s: string) => s.replace(/"/g, '%22').replace(/\r|\n/g, ' ');

/** The body and content-type header of a spec. */
export function buildMultipart(spec: MultipartSpec): { payload: Buffer; contentType: string } {
  const boundary = spec.oddity === 'boundary-too-long' ? `b${'x'.repeat(300)}` : '----fuzz7MA4YWxkTrZu0gW';
  const eol = spec.oddity === 'bare-lf' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  const field = (name: string | undefined, value: string) =>
    chunks.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data${name === undefined ? '' : `; name="${quote(name)}"`}${eol}${eol}${value}${eol}`,
      ),
    );
  for (const [name, value] of Object.entries(spec.fields)) {
    field(name, value);
    if (spec.oddity === 'duplicate-fields') field(name, `${value}-again`);
  }
  if (spec.oddity === 'nameless-part') field(undefined, 'orphan');
  if (spec.oddity === 'many-parts') for (let i = 0; i < 120; i++) field(`extra${i}`, String(i));
  if (spec.oddity === 'huge-field') field('address', 'h'.repeat(20_000));
  for (const f of spec.files) {
    chunks.push(
      Buffer.from(
        `--${boundary}${eol}Content-Disposition: form-data; name="${quote(f.name)}"; filename="${quote(f.filename)}"${eol}Content-Type: ${f.type}${eol}${eol}`,
      ),
    );
    chunks.push(f.content, Buffer.from(eol));
  }
  if (spec.oddity !== 'no-closing-boundary') chunks.push(Buffer.from(`--${boundary}--${eol}`));
  let payload = Buffer.concat(chunks);
  if (spec.oddity === 'truncated') payload = payload.subarray(0, Math.floor(payload.length * spec.cutAt));
  if (spec.oddity === 'garbage') payload = Buffer.from(payload.toString('latin1').split('').reverse().join(''), 'latin1');
  const contentType =
    spec.oddity === 'no-boundary'
      ? 'multipart/form-data'
      : spec.oddity === 'wrong-boundary'
        ? 'multipart/form-data; boundary=not-the-one'
        : `multipart/form-data; boundary=${boundary}`;
  return { payload, contentType };
}

/** Text for a form field: forms carry strings; objects and arrays go as JSON. */
export function formText(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Files for a multipart case: none, one of the samples under the right or a wrong name, or two;
 * `wellFormed`: none or one under the right name with its own file name.
 */
export function filePartsArbitrary(fileFields: string[], samples: FileSamples, wellFormed = false): fc.Arbitrary<FilePart[]> {
  const names = Object.keys(samples);
  const sample = fc.constantFrom(...names).map((n) => samples[n]!);
  const filename = fc.oneof(
    { weight: 6, arbitrary: fc.constant<string | undefined>(undefined) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '../../etc/passwd',
        'a\u0000b.png',
        '\u202Egnp.exe',
        '🔥.png',
        `${'x'.repeat(300)}.png`,
        '',
        'CON',
        '.htaccess',
      ),
    },
  );
  const wrongName = fc.constantFrom('file', 'upload', 'logo', 'profile', 'image', '', '__proto__');
  const part = (name: fc.Arbitrary<string>) =>
    fc.tuple(name, sample, filename).map(([n, s, f]) => ({ name: n, filename: f ?? s.filename, type: s.type, content: s.content }));
  const right = fileFields.length ? fc.constantFrom(...fileFields) : wrongName;
  if (wellFormed) {
    const plain = fc.tuple(right, sample).map(([n, s]) => [{ name: n, filename: s.filename, type: s.type, content: s.content }]);
    return fileFields.length ? fc.oneof(fc.constant<FilePart[]>([]), plain) : fc.constant<FilePart[]>([]);
  }
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<FilePart[]>([]) },
    { weight: 6, arbitrary: part(right).map((p) => [p]) },
    { weight: 1, arbitrary: part(wrongName).map((p) => [p]) },
    { weight: 1, arbitrary: fc.tuple(part(right), part(right)).map(([a, b]) => [a, b]) },
  );
}
