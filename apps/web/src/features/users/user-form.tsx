/**
 * Shared parts of the create and edit user forms (spec sections 5 and 8): translated field
 * errors from the domain's zod issues and from the server's answer, focus on the first
 * invalid field after a submit, and the fields both forms have (name, email, user type,
 * email confirmed).
 */
import { toApiError, type ApiError } from '@solar/api';
import {
  apiMessages,
  fieldErrors,
  messageDescriptor,
  type IssueLike,
  type RoleKey,
} from '@solar/domain';
import { Checkbox, Select, TextField } from '@solar/ui';
import { useEffect, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useRoleOptions } from './user-format.ts';

/** Translated error text per field name. */
export type FieldErrors = Partial<Record<string, string>>;

/** Turns zod issues (message ids of the domain) into translated text per field. */
export function useIssueMessages(): (issues: readonly IssueLike[]) => FieldErrors {
  const intl = useIntl();
  return (issues) =>
    Object.fromEntries(
      Object.entries(fieldErrors(issues)).map(([field, id]) => [
        field,
        intl.formatMessage(messageDescriptor(id)),
      ]),
    );
}

/**
 * The field errors of a refused save, or null when the failure is not about fields:
 * 409 `email_taken` goes on the email field ('An account with this email already
 * exists.'); a 400 with per-field texts puts each on its field (API-CONTRACT.md).
 */
export function useServerFieldErrors(): (error: unknown) => FieldErrors | null {
  const intl = useIntl();
  return (error) => {
    const failure: ApiError = toApiError(error);
    if (failure.code === 'email_taken')
      return { email: intl.formatMessage(apiMessages.emailTaken) };
    if (failure.status === 400 && failure.fieldErrors && Object.keys(failure.fieldErrors).length) {
      return { ...failure.fieldErrors };
    }
    return null;
  };
}

/**
 * Moves focus to the first invalid control of `form` each time `attempt` grows (after a
 * submit that found errors), so keyboard and screen-reader users land on the problem.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}

/** The values both user forms edit. */
export interface CommonUserValues {
  name: string;
  email: string;
  userType: RoleKey;
  emailConfirmed: boolean;
}

/** Name and email text fields. */
export function NameEmailFields({
  values,
  errors,
  onChange,
}: {
  values: Pick<CommonUserValues, 'name' | 'email'>;
  errors: FieldErrors;
  onChange: (field: 'name' | 'email', value: string) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'users.form.name' })}
        name="name"
        autoComplete="off"
        value={values.name}
        onChange={(value) => onChange('name', value)}
        {...(errors.name ? { errorMessage: errors.name } : {})}
      />
      <TextField
        label={intl.formatMessage({ id: 'users.form.email' })}
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(value) => onChange('email', value)}
        {...(errors.email ? { errorMessage: errors.email } : {})}
      />
    </>
  );
}

/** The user type select (seven roles by display name) and the email confirmed checkbox. */
export function RoleAndVerifiedFields({
  values,
  errors,
  onRoleChange,
  onEmailConfirmedChange,
  roleLockedBy,
}: {
  values: Pick<CommonUserValues, 'userType' | 'emailConfirmed'>;
  errors: FieldErrors;
  onRoleChange: (role: RoleKey) => void;
  onEmailConfirmedChange: (value: boolean) => void;
  /** When set, the user type cannot be changed; the id of the element that says why. */
  roleLockedBy?: string;
}) {
  const intl = useIntl();
  const roles = useRoleOptions();
  return (
    <>
      <Select<RoleKey>
        label={intl.formatMessage({ id: 'users.form.userType' })}
        name="userType"
        options={roles}
        value={values.userType}
        onChange={onRoleChange}
        isDisabled={roleLockedBy !== undefined}
        {...(roleLockedBy ? { 'aria-describedby': roleLockedBy } : {})}
        {...(errors.userType ? { errorMessage: errors.userType } : {})}
      />
      <Checkbox
        name="emailConfirmed"
        isSelected={values.emailConfirmed}
        onChange={onEmailConfirmedChange}
      >
        {intl.formatMessage({ id: 'users.form.emailConfirmed' })}
      </Checkbox>
    </>
  );
}
