/**
 * Form validation with the domain's zod schemas (docs/product.md#limits): the first message id per
 * field, as the schemas carry them (`validation.*` ids, translated by react-intl), and the
 * field to focus first.
 */
import { allMessages, fieldErrors, messageDescriptor, type IssueLike } from '@solar/domain';
import type { IntlShape } from 'react-intl';

/** The part of a zod schema a form needs (structural, so the web needs no zod import). */
export interface FormSchema<T> {
  safeParse(
    input: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly IssueLike[] } };
}

/** Field name -> message id of its first problem. */
export type FieldErrorIds<F extends string> = Partial<Record<F, string>>;

/** The parse outcome of a form: its data, or the message id of each invalid field. */
export type FormResult<T, F extends string> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly errors: FieldErrorIds<F> };

/** Validates `values` with `schema`; on failure, the first message id per field. */
export function validateForm<T, F extends string>(
  schema: FormSchema<T>,
  values: Partial<Record<F, unknown>>,
): FormResult<T, F> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: fieldErrors(result.error.issues) as FieldErrorIds<F> };
}

/** The first field of `order` that has an error (to move focus there), or null. */
export function firstInvalid<F extends string>(
  order: readonly F[],
  errors: FieldErrorIds<F>,
): F | null {
  return order.find((field) => errors[field] !== undefined) ?? null;
}

/** `errors` without `field` (a field's error clears when the field is edited, docs/product.md#limits). */
export function withoutError<F extends string>(
  errors: FieldErrorIds<F>,
  field: F,
): FieldErrorIds<F> {
  if (errors[field] === undefined) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/**
 * The text of a field error: a catalogue message id in the interface language, or (a
 * server text that is no catalogue message) the text itself; undefined without error.
 */
export function messageOrText(intl: IntlShape, idOrText: string | undefined): string | undefined {
  if (idOrText === undefined) return undefined;
  return Object.hasOwn(intl.messages, idOrText)
    ? intl.formatMessage(messageDescriptor(idOrText))
    : idOrText;
}

/** The catalogue id of an English message text (the server's field errors), else the text. */
export function messageIdOfText(text: string): string {
  return Object.values(allMessages).find((m) => m.defaultMessage === text)?.id ?? text;
}
