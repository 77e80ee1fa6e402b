/**
 * Zod field builders shared by the form schemas (validation.ts) and the request schemas
 * (requests.ts), so that a rule of docs/product.md#limits is written once. Every issue message is a
 * message id of messages.ts. Not exported from the package (`./internal/*` is blocked).
 */
import { z } from './zod.ts';
import { validationMessages as m } from '../messages.ts';
import { LIMITS } from './limits.ts';
import { isStorableText } from './storable-text.ts';

/** The spec's "simple email pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export { LIMITS, isStorableText };

/** Free-form JSON bounds: nesting levels and characters of its JSON text. */
export const JSON_LIMITS = { depth: 20, chars: 50_000 } as const;

/**
 * True when `value` is JSON PostgreSQL stores as it is: at most {@link JSON_LIMITS} deep
 * and long, every key and string storable ({@link isStorableText}). Walks without
 * recursion, so a value nested thousands of levels deep is refused, not a stack overflow.
 */
export function isStorableJson(value: unknown): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (!isStorableText(item)) return false;
    } else if (item !== null && typeof item === 'object') {
      if (depth >= JSON_LIMITS.depth) return false;
      for (const [key, child] of Object.entries(item)) {
        if (!isStorableText(key)) return false;
        stack.push([child, depth + 1]);
      }
    }
  }
  return (JSON.stringify(value)?.length ?? 0) <= JSON_LIMITS.chars;
}

/** A string the database can store; anything else gives `validation.invalidValue`. */
export function text(message: string) {
  return z.string({ error: message }).refine(isStorableText, m.invalidValue.id);
}

/** A strict object: unknown properties are rejected with `validation.unknownField`. */
export function strict<T extends z.core.$ZodLooseShape>(
  shape: T,
  typeMessage: string = m.invalidBody.id,
) {
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? m.unknownField.id : typeMessage),
  });
}

/** A required string, trimmed; empty or missing gives `message`. */
export function requiredText(message: string, max: number = LIMITS.addressMax) {
  return text(message).trim().min(1, message).max(max, m.invalidValue.id);
}

/** An opaque token (refresh, reset, verify, Google code): required, not trimmed. */
export function tokenField(message: string = m.tokenRequired.id) {
  return text(message).min(1, message).max(LIMITS.tokenMax, m.invalidValue.id);
}

/** An email: required (`requiredMessage`), trimmed, at most 254 characters, pattern. */
export function emailField(requiredMessage: string = m.emailRequired.id) {
  return text(requiredMessage)
    .trim()
    .min(1, requiredMessage)
    .max(LIMITS.emailMax, m.invalidEmail.id)
    .regex(EMAIL_PATTERN, m.invalidEmail.id);
}

/**
 * Characters a name may not hold: C0 and C1 controls (CR, LF, tab, NUL, ...), the Unicode
 * line and paragraph separators, and the bidirectional embedding, override and isolate
 * controls (U+202A..U+202E, U+2066..U+2069), which reorder the text around a name in lists
 * and mail. Joiners (U+200C, U+200D) that some scripts need are allowed.
 */
const NAME_CONTROLS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** True when `name` has none of {@link NAME_CONTROLS}. */
export function isPlainName(name: string): boolean {
  return !NAME_CONTROLS.test(name);
}

/**
 * A name: required, trimmed, at least `min` and at most 100 characters, without line
 * breaks or control characters (refused, never stripped: the same rule for sign-up, the
 * profile and the admin forms).
 */
export function nameField(min: number = LIMITS.nameMin) {
  return text(m.nameRequired.id)
    .trim()
    .min(1, m.nameRequired.id)
    .min(min, m.nameTooShort.id)
    .max(LIMITS.nameMax, m.nameTooLong.id)
    .refine(isPlainName, m.nameControlCharacters.id);
}

/** True when `password` has a lowercase and an uppercase letter (any script) and a digit. */
export function hasPasswordClasses(password: string): boolean {
  return /\p{Ll}/u.test(password) && /\p{Lu}/u.test(password) && /\p{Nd}/u.test(password);
}

/**
 * A password: required; at least 8 characters with lower, upper and digit (sign-up and
 * reset), or `admin`: at least 6 characters with its own message; at most 128. Not trimmed.
 */
export function passwordField(kind: 'user' | 'admin' = 'user') {
  const base = z.string({ error: m.passwordRequired.id }).min(1, m.passwordRequired.id);
  const sized =
    kind === 'admin'
      ? base.min(LIMITS.adminPasswordMin, m.passwordTooShortAdmin.id)
      : base.min(LIMITS.passwordMin, m.passwordTooShort.id);
  const capped = sized.max(LIMITS.passwordMax, m.passwordTooLong.id);
  return kind === 'admin' ? capped : capped.refine(hasPasswordClasses, m.passwordComplexity.id);
}

/** The confirm-password field: required ('Please confirm your password'). */
export function confirmField() {
  return z.string({ error: m.confirmRequired.id }).min(1, m.confirmRequired.id);
}

/** A boolean field; anything else gives `validation.mustBeBoolean`. */
export function booleanField() {
  return z.boolean({ error: m.mustBeBoolean.id });
}

interface PasswordPair {
  readonly password: string;
  readonly confirmPassword: string;
}

/**
 * Adds "confirm equals password" ('Passwords do not match', on `confirmPassword`) to an
 * object schema. It runs whenever both are strings and confirm is not empty, even if other
 * fields are invalid, so the form shows every field error at once.
 */
export function withMatchingConfirm<S extends z.ZodType<PasswordPair>>(schema: S) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    error: m.passwordsMismatch.id,
    path: ['confirmPassword'],
    when: ({ value }) => {
      const pair = value as Partial<Record<keyof PasswordPair, unknown>> | null;
      return (
        typeof pair?.password === 'string' &&
        typeof pair.confirmPassword === 'string' &&
        pair.confirmPassword !== ''
      );
    },
  });
}

/**
 * Reads a query-string value: '' is absent, 'true'/'false' are booleans, a decimal number
 * is a number; anything else is passed on for the schema to reject.
 */
export function fromQuery(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  if (text === 'true' || text === 'false') return text === 'true';
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : value;
}

/** A query value through {@link fromQuery} into `schema`. */
export function queryValue<S extends z.ZodType>(schema: S) {
  return z.preprocess(fromQuery, schema);
}
