/**
 * Shared parts of the create and edit user forms (docs/product.md#user-administration and
 * #errors-and-messages): the fields both forms have (name, email, user type, email confirmed, the
 * language of the user's mail). Values, errors and focus come from the app's one form hook
 * (`useForm`).
 */
import { LOCALES, type Locale, type RoleKey } from '@solar/domain';
import { Checkbox, LANGUAGE_NAMES, Select, TextField } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useRoleOptions } from './user-format.ts';

/** The translated error text of a field, undefined when it has none. */
export type ErrorText = (field: CommonField) => string | undefined;
/** The fields of these parts that can show an error. */
type CommonField = 'name' | 'email' | 'userType';

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
  errorText,
  onChange,
}: {
  values: Pick<CommonUserValues, 'name' | 'email'>;
  errorText: ErrorText;
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
        {...(errorText('name') ? { errorMessage: errorText('name')! } : {})}
      />
      <TextField
        label={intl.formatMessage({ id: 'users.form.email' })}
        name="email"
        type="email"
        autoComplete="off"
        value={values.email}
        onChange={(value) => onChange('email', value)}
        {...(errorText('email') ? { errorMessage: errorText('email')! } : {})}
      />
    </>
  );
}

/** The user type select (seven roles by display name) and the email confirmed checkbox. */
export function RoleAndVerifiedFields({
  values,
  errorText,
  onRoleChange,
  onEmailConfirmedChange,
  roleLockedBy,
}: {
  values: Pick<CommonUserValues, 'userType' | 'emailConfirmed'>;
  errorText: ErrorText;
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
        {...(errorText('userType') ? { errorMessage: errorText('userType')! } : {})}
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

/**
 * The language of the user's mail (docs/product.md#mail): the three languages, each named
 * in itself; a new account's default is English.
 */
export function MailLanguageField({
  value,
  onChange,
}: {
  value: Locale;
  onChange: (locale: Locale) => void;
}) {
  const intl = useIntl();
  return (
    <Select<Locale>
      label={intl.formatMessage({ id: 'users.form.locale' })}
      name="locale"
      options={LOCALES.map((locale) => ({ id: locale, label: LANGUAGE_NAMES[locale] }))}
      value={value}
      onChange={onChange}
      description={intl.formatMessage({ id: 'users.form.localeHint' })}
    />
  );
}
