import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries from a route's zod schemas, through their JSON Schema (`z.toJSONSchema`,
 * the input side: what a client sends), with hostile values mixed in at every level: NUL bytes,
 * lone surrogates, huge and odd numbers, very long strings, deep and wide JSON, wrong types,
 * Unicode normalisation tricks. zod-fast-check supports zod 3 only, hence this small builder.
 */
interface JsonSchema {
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

function stringOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date-time') {
    return fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z') })
      .filter((date) => !Number.isNaN(date.getTime()))
      .map((date) => date.toISOString());
  }
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
