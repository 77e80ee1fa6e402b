/**
 * The one form mechanism of the web app (docs/product.md#limits; accessibility: focus moves to the
 * first invalid field): values, field errors, validation with the domain's zod schemas,
 * server field errors put on their fields, and focus on the first invalid field after a
 * submit that found errors.
 *
 * Errors are kept as catalogue message ids (the schemas carry them) or, for a server text
 * that is no catalogue message, the text itself; `errorText(field)` gives the text in the
 * interface language.
 *
 * Usage (destructured: React's compiler treats an object whose member is passed as a ref
 * as a ref): `const { connect, field, validate } = useForm(...)`,
 * `<form ref={connect} noValidate onSubmit={...}>`, each text input `{...field('x')}`
 * (name, value, onChange, errorMessage), and in the submit handler
 * `const data = validate(schema); if (!data) return;`.
 */
import { apiMessages } from '@solar/domain';
import { ApiError } from '@solar/api';
import { useCallback, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  firstInvalid,
  messageIdOfText,
  messageOrText,
  validateForm,
  withoutError,
  type FieldErrorIds,
  type FormSchema,
} from './form-errors.ts';

/**
 * Focuses the control named `field` in `form` (the inputs carry their field's `name`), or,
 * when there is none to focus (a select's hidden input), the form's first invalid control
 * once the errors are on screen.
 */
function focusField(form: HTMLFormElement | null, field: string) {
  const control = form?.querySelector<HTMLElement>(`input[name="${field}"]:not([type="hidden"])`);
  if (control) return control.focus();
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

/**
 * A form over `fields` starting at `initial`:
 * - `connect` is the form element's ref callback (focus looks for invalid fields in it);
 * - `field(name)` gives a text input's props (name, value, onChange, errorMessage);
 * - `edit(field)` sets a value and clears that field's error (docs/product.md#limits);
 * - `validate(schema, values?)` gives the parsed data, or shows the first message of each
 *   invalid field and focuses the first one (null);
 * - `showErrors(errors)` shows errors (message ids or texts) and focuses the first;
 * - `showServerErrors(error)` puts a refused save's field errors on their fields (409
 *   `email_taken` on the email field; a field's English server text in the interface
 *   language when it is a catalogue message) and says whether there were any;
 * - `reset(values?)` sets the values (default: the initial ones) and clears the errors.
 */
export function useForm<F extends string, V extends Record<F, unknown>>(
  fields: readonly F[],
  initial: V,
) {
  const intl = useIntl();
  const element = useRef<HTMLFormElement | null>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrorIds<F>>({});

  const connect = useCallback((form: HTMLFormElement | null) => {
    element.current = form;
  }, []);

  const edit =
    <K extends F>(field: K) =>
    (value: V[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors((e) => withoutError<F>(e, field));
    };

  const showErrors = (next: FieldErrorIds<F>) => {
    setErrors(next);
    const first = firstInvalid(fields, next);
    if (first) focusField(element.current, first);
  };

  function validate<T>(schema: FormSchema<T>, input: Record<F, unknown> = values): T | null {
    const result = validateForm<T, F>(schema, input);
    if (!result.ok) {
      showErrors(result.errors);
      return null;
    }
    setErrors({});
    return result.data;
  }

  const showServerErrors = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const next: FieldErrorIds<F> = {};
    if (error.code === 'email_taken' && (fields as readonly string[]).includes('email')) {
      next['email' as F] = apiMessages.emailTaken.id;
    } else {
      for (const [field, text] of Object.entries(error.fieldErrors ?? {})) {
        if ((fields as readonly string[]).includes(field)) next[field as F] = messageIdOfText(text);
      }
    }
    if (Object.keys(next).length === 0) return false;
    showErrors(next);
    return true;
  };

  /** The props that wire a text input to `name`: its name, value, onChange and error text. */
  const field = <K extends F>(name: K) => {
    const error = messageOrText(intl, errors[name]);
    return {
      name,
      value: values[name],
      onChange: edit(name),
      ...(error === undefined ? {} : { errorMessage: error }),
    };
  };

  const reset = (next: V = initial) => {
    setValues(next);
    setErrors({});
  };

  return {
    connect,
    values,
    setValues,
    errors,
    errorText: (field: F) => messageOrText(intl, errors[field]),
    edit,
    field,
    validate,
    showErrors,
    showServerErrors,
    reset,
  };
}

/** What `useForm` returns. */
export type Form<F extends string, V extends Record<F, unknown>> = ReturnType<typeof useForm<F, V>>;
