/**
 * Focus management of the account forms: each input registers itself by field name, and
 * after a failed submit the first invalid field is focused (accessibility rule of the web
 * app: focus moves to the first invalid field).
 */
import { useMemo, useRef } from 'react';

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
