import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a route's zod schemas, through their JSON Schema (`z.toJSONSchema`,
 * the input side: what a client sends), with hostile values mixed in at every level: NUL bytes,
 * lone surrogates, huge and odd numbers, very long strings, deep and wide JSON, wrong types,
 * Unicode normalisation tricks. zod-fast-check supports zod 3 only, hence this small builder.
 */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** A route schema (zod) as JSON Schema, or null when the route declares none. */
export function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return null;
  return z.toJSONSchema(schema as z.ZodType, {
    io: 'input',
    unrepresentable: 'any',
  }) as JsonSchema;
}

/** What a date field of a schema holds: a day, a wall-clock time, both, or an instant. */
export type DateKind = 'day' | 'time' | 'local-date-time' | 'instant';

/**
 * The kind of date a string schema takes, or null: an instant by its format, the others by what
 * its pattern accepts (so an ad-hoc pattern of a new field is recognised too).
 */
export function dateKindOf(schema: JsonSchema): DateKind | null {
  if (schema.format === 'date-time') return 'instant';
  if (schema.format === 'date') return 'day';
  if (!schema.pattern) return null;
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern);
  } catch {
    return null;
  }
  if (pattern.test('2026-01-15T10:30')) return 'local-date-time';
  if (pattern.test('2026-01-15')) return 'day';
  if (pattern.test('10:30')) return 'time';
  return null;
}

/** A date field of a schema: its path (`repeat.until`; `[]` for any item of a list) and kind. */
export interface DateField {
  path: string[];
  kind: DateKind;
}

/** Every date field of a JSON Schema, however deep (through objects, lists and unions). */
export function dateFieldsOf(schema: JsonSchema | null, path: string[] = []): DateField[] {
  if (!schema || path.length > 8) return [];
  const kind = dateKindOf(schema);
  if (kind) return [{ path, kind }];
  const found: DateField[] = [];
  for (const inner of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    found.push(...dateFieldsOf(inner, path));
  }
  for (const [key, inner] of Object.entries(schema.properties ?? {})) {
    found.push(...dateFieldsOf(inner, [...path, key]));
  }
  if (schema.items) found.push(...dateFieldsOf(schema.items, [...path, '[]']));
  // A field reached through two branches of a union is one field.
  return found.filter(
    (field, i) => found.findIndex((other) => other.path.join('.') === field.path.join('.')) === i,
  );
}

/**
 * A copy of a payload with the value at a path (`[]`: every item of the list, or a first one),
 * the objects on the way made where they are missing.
 */
export function withValueAt(payload: unknown, path: readonly string[], value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (head === '[]') {
    const list = Array.isArray(payload) && payload.length > 0 ? payload : [{}];
    return list.map((item) => withValueAt(item, rest, value));
  }
  const object =
    payload && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : {};
  return { ...object, [head]: withValueAt(object[head], rest, value) };
}

const LONG = 'x'.repeat(100_000);
function deep(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}
const WIDE = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));

/** Strings that broke or could break a parser, a database or a comparison somewhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301', // é decomposed
  '\u00E9', // é composed
  '\u212B', // Å as the Ångström sign (NFKC: Å)
  '\uFB01', // the ﬁ ligature
  'İ', // upper-cases and lower-cases to two characters
  'ß',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '😀'.repeat(64),
  LONG,
  `${'é'.repeat(50_000)}`,
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '1e309',
  '9223372036854775808',
  '-9223372036854775809',
  '0x10',
  '1_000',
  '00000000000000000000000001',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '%00',
  '%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  "'; drop table users; --",
  "' or '1'='1",
  '<script>alert(1)</script>',
  '{{7*7}}',
  '$' + '{7*7}',
  '=1+1',
  'a\r\nSet-Cookie: x=1',
  '2026-02-30',
  '2026-13-01T25:61:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  '24:00',
];

/** Numbers and wrong types that a number field may meet. */
const HOSTILE_VALUES: readonly unknown[] = [
  0,
  -0,
  -1,
  1.5,
  2 ** 31,
  2 ** 31 - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  1e308,
  -1e308,
  Number.MIN_VALUE,
  Number.MAX_SAFE_INTEGER + 2,
  null,
  true,
  false,
  [],
  [null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { constructor: { prototype: { polluted: true } } },
];
const DEEP = deep(200);

/** Any hostile value: a string, a number, a wrong type, a deep or wide structure. */
export const hostileValue = (extra: readonly unknown[] = []): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
    { weight: 1, arbitrary: fc.constantFrom(DEEP, WIDE) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    ...(extra.length ? [{ weight: 2, arbitrary: fc.constantFrom(...extra) }] : []),
  );

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const leap = (year: number) => daysIn(year, 2) === 29;

/** A real day, any year of four digits (the far ones too: a series until 9999 must not break). */
const realDay = fc
  .date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
const nearDay = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2200-01-01T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));
/** A day of the right shape that the calendar lacks: month 00 or 13–99, day 00, day past its month's end, 29 February of a common year, or a year before 1000. */
const year = fc.integer({ min: 1000, max: 9999 });
const impossibleDay = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '2026-13-45',
      '2027-02-29',
      '2100-02-29',
      '2026-02-30',
      '2026-04-31',
      '0000-01-01',
      '0099-12-31',
    ),
  },
  // Month 00 or 13–99; day 00 or 32–99 (a pattern of the digits' ranges refuses these).
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        year,
        fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 })),
        fc.integer({ min: 1, max: 28 }),
      )
      .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        year,
        fc.integer({ min: 1, max: 12 }),
        fc.oneof(fc.constant(0), fc.integer({ min: 32, max: 99 })),
      )
      .map(([y, m, d]) => `${y}-${pad(m)}-${pad(d)}`),
  },
  // Only the calendar refuses these: the 29th to 31st past a month's end, 29 February of a
  // common year.
  {
    weight: 2,
    arbitrary: fc
      .tuple(year, fc.constantFrom(2, 4, 6, 9, 11))
      .chain(([y, m]) =>
        fc.integer({ min: daysIn(y, m) + 1, max: 31 }).map((d) => `${y}-${pad(m)}-${pad(d)}`),
      ),
  },
  {
    weight: 2,
    arbitrary: year.filter((y) => !leap(y)).map((y) => `${y}-02-29`),
  },
);
const realTime = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${pad(h)}:${pad(m)}`);
/** `24:00`, `23:60` and the like: two digits each, hours past 23 or minutes past 59. */
const impossibleTime = fc.oneof(
  fc.constantFrom('24:00', '23:60', '24:01', '99:99', '00:60'),
  fc
    .tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
    .filter(([h, m]) => h > 23 || m > 59)
    .map(([h, m]) => `${pad(h)}:${pad(m)}`),
);
const realSeconds = fc.integer({ min: 0, max: 59 }).map((s) => pad(s));
const realOffset = fc.oneof(
  fc.constant('Z'),
  fc.tuple(fc.constantFrom('+', '-'), realTime).map(([sign, time]) => `${sign}${time}`),
);

const stamp = (day: string, time: string, seconds: string, offset: string) =>
  `${day}T${time}:${seconds}${offset}`;

/** Real values of a date field: near days mostly, far ones too (a series until 9999). */
export function realDate(kind: DateKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'day':
      return fc.oneof(nearDay, realDay);
    case 'time':
      return realTime;
    case 'local-date-time':
      return fc.tuple(nearDay, realTime).map(([day, time]) => `${day}T${time}`);
    case 'instant':
      return fc.oneof(
        fc
          .date({
            min: new Date('1900-01-01T00:00:00Z'),
            max: new Date('2200-01-01T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((date) => date.toISOString()),
        fc
          .tuple(realDay, realTime, realSeconds, realOffset)
          .map(([day, time, s, offset]) => stamp(day, time, s, offset)),
      );
  }
}

/** Values of the right shape that the calendar or the clock lacks, one part wrong at a time. */
export function impossibleDate(kind: DateKind): fc.Arbitrary<string> {
  switch (kind) {
    case 'day':
      return impossibleDay;
    case 'time':
      return impossibleTime;
    case 'local-date-time':
      return fc.oneof(
        {
          weight: 2,
          arbitrary: fc.tuple(impossibleDay, realTime).map(([day, time]) => `${day}T${time}`),
        },
        {
          weight: 1,
          arbitrary: fc.tuple(nearDay, impossibleTime).map(([day, time]) => `${day}T${time}`),
        },
      );
    case 'instant':
      return fc.oneof(
        fc.constantFrom(
          '2027-02-29T10:00:00Z',
          '2026-01-01T24:00:00Z',
          '2026-01-01T23:60:00Z',
          '2026-01-01T23:59:60Z',
          '2026-01-01T10:00:00+24:00',
          '2026-01-01T10:00:00-01:60',
          '0000-01-01T00:00:00Z',
        ),
        fc
          .tuple(impossibleDay, realTime, realSeconds, realOffset)
          .map(([day, time, s, offset]) => stamp(day, time, s, offset)),
        fc
          .tuple(nearDay, impossibleTime, realSeconds, realOffset)
          .map(([day, time, s, offset]) => stamp(day, time, s, offset)),
        fc
          .tuple(nearDay, realTime, fc.integer({ min: 60, max: 99 }), realOffset)
          .map(([day, time, s, offset]) => stamp(day, time, String(s), offset)),
        fc
          .tuple(nearDay, realTime, realSeconds, fc.constantFrom('+', '-'), impossibleTime)
          .map(([day, time, s, sign, offset]) => stamp(day, time, s, `${sign}${offset}`)),
      );
  }
}

/**
 * Values of a date field: real ones, and impossible ones of the right shape (which must answer
 * 422, never 500 nor a success), half and half.
 */
export const dateArbitrary = (kind: DateKind): fc.Arbitrary<string> =>
  fc.oneof(realDate(kind), impossibleDate(kind));

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  const kind = dateKindOf(schema);
  if (kind) return dateArbitrary(kind);
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot walk: plain strings below.
    }
  }
  return fc.string({
    unit: 'grapheme',
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 40),
  });
}

function numberOf(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum;
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : schema.maximum;
  if (integer) {
    const lo = Math.max(min ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const hi = Math.min(max ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    return fc.oneof(
      fc.integer({ min: lo, max: Math.min(hi, lo + 1_000) }),
      fc.constantFrom(lo, hi),
      // Anywhere in the range (a filter over every safe integer would spin on a narrow one).
      fc.integer({ min: lo, max: hi }),
    );
  }
  return fc.double({
    min: min ?? -1e9,
    max: max ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/**
 * Values for a JSON Schema: valid ones mostly, a hostile one in place of any node with
 * probability `hostility` (0 for values the schema accepts, as far as JSON Schema can say).
 */
export function arbitraryOf(
  schema: JsonSchema,
  hostility: number,
  extra: readonly unknown[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  const valid = validOf(schema, hostility, extra, depth);
  if (hostility <= 0) return valid;
  const weight = Math.max(1, Math.round(hostility * 100));
  return fc.oneof(
    { weight: 100 - Math.min(weight, 99), arbitrary: valid },
    { weight, arbitrary: hostileValue(extra) },
  );
}

function validOf(
  schema: JsonSchema,
  hostility: number,
  extra: readonly unknown[],
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    return fc.oneof(
      ...alternatives.map((inner) => arbitraryOf(inner, hostility, extra, depth + 1)),
    );
  }
  if (schema.allOf?.length) return arbitraryOf(schema.allOf[0]!, hostility, extra, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, hostility, extra, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const entries = Object.fromEntries(
        Object.entries(properties).map(([key, inner]) => [
          key,
          arbitraryOf(inner, hostility, extra, depth + 1),
        ]),
      );
      return fc.record(entries, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}
