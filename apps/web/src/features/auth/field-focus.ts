/**
 * Focus management of the account forms: each input registers itself by field name, and
 * after a failed submit the first invalid field is focused (accessibility rule of the web
 * app: focus moves to the first invalid field).
 */
import { useMemo, useRef, useState } from 'react';
import { firstInvalid, withoutError, type FieldErrorIds } from './form-errors.ts';

/** `register(field)` is the input's ref callback; `focus(field)` focuses it if mounted. */
export interface FieldFocus<F extends string> {
  register(field: F): (element: HTMLInputElement | null) => void;
  focus(field: F): void;
}

/** The registry of a form's inputs. */
export function useFieldFocus<F extends string>(): FieldFocus<F> {
  const elements = useRef(new Map<F, HTMLInputElement>());
  return useMemo(
    () => ({
      register: (field: F) => (element: HTMLInputElement | null) => {
        if (element) elements.current.set(field, element);
        else elements.current.delete(field);
      },
      focus: (field: F) => elements.current.get(field)?.focus(),
    }),
    [],
  );
}

/**
 * The state every account form shares: values, field errors (message ids or server text),
 * `edit(field)` (sets a value and clears that field's error, spec section 5) and
 * `showErrors(errors)` (shows them and focuses the first invalid field in `fields` order).
 */
export function useFieldForm<F extends string, V extends Record<F, unknown>>(
  fields: readonly F[],
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrorIds<F>>({});
  const focus = useFieldFocus<F>();
  const edit =
    <K extends F>(field: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => withoutError<F>(e, field));
    };
  const showErrors = (next: FieldErrorIds<F>) => {
    setErrors(next);
    const first = firstInvalid(fields, next);
    if (first) focus.focus(first);
  };
  return { values, setValues, errors, setErrors, focus, edit, showErrors };
}
