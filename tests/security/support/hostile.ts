/**
 * Values that have broken parsers, validators and databases before:
 * wrong types, number edge cases, text PostgreSQL cannot store (NUL, lone surrogates),
 * oversized and deeply nested values, injection strings and prototype-pollution keys.
 * The fuzzing suite mixes them at random; the hostile-fields suite sends each one alone in
 * each field.
 */

/**
 * Stands for an object nested 6000 levels deep (`{"a":{"a":...1}}`, about 36 KB): once a
 * RangeError deep in the database driver. JSON.stringify cannot write it on a worker's
 * stack, so `toJson` writes its text.
 */
const DEEPLY_NESTED = Object.freeze({ nested: 6000 });
const DEEPLY_NESTED_JSON = `${'{"a":'.repeat(6000)}1${'}'.repeat(6000)}`;
const MARK = '\u0001deeply-nested\u0001';

export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  0.1 + 0.2,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202e\u0644\u0639',
  '👩‍👩‍👧‍👦'.repeat(50),
  'x'.repeat(5000),
  'a'.repeat(120_000),
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
  'NaN',
  'Infinity',
  '2026-13-45T99:99:99Z',
  '00000000-0000-0000-0000-000000000000',
  [],
  {},
  { text: '\u0000', note: '\ud800' },
  JSON.parse('{"constructor":{"prototype":{"admin":true}},"__proto__":{"admin":true}}'),
  [[[[[[[[[[[]]]]]]]]]]],
  DEEPLY_NESTED,
];

/**
 * A value as query or path text. `String()` throws for objects whose `toString`/`valueOf`
 * keys are data (fc.jsonValue makes those), so fall back to JSON.
 */
export function asText(value: unknown): string {
  if (value === DEEPLY_NESTED) return DEEPLY_NESTED_JSON;
  try {
    return String(value);
  } catch {
    return JSON.stringify(value) ?? 'null';
  }
}

/** Every byte of the UTF-8 form percent-encoded (lone surrogates become U+FFFD). */
export const percentEncode = (text: string) =>
  [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

/** JSON text of `value`, with DEEPLY_NESTED written out wherever it occurs. */
export function toJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, member: unknown) =>
    member === DEEPLY_NESTED ? MARK : member,
  );
  return (text ?? 'null').replaceAll(JSON.stringify(MARK), DEEPLY_NESTED_JSON);
}
