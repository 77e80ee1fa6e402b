/**
 * /users/create (docs/product.md#user-administration and #errors-and-messages; canManageUsers
 * only): name, email, password (at least 6 characters, the admin rule), confirm, user type (default
 * Residential Client), email confirmed (default off) and the language of the user's mail (default
 * English), checked with the domain's
 * `adminCreateUserFormSchema`; each error sits under its field and clears when the field
 * is edited, and focus moves to the first invalid field. `POST /admin/users`: a 409 puts
 * 'An account with this email already exists.' on the email field; another failure
 * raises 'Failed to create user'; success raises 'User created successfully' and returns
 * to /users.
 */
import { useCreateUser } from '@solar/api/react';
import {
  adminCreateUserFormSchema,
  DEFAULT_ROLE,
  roleToUserType,
  userMessages,
  type Locale,
  type RoleKey,
} from '@solar/domain';
import { Button, ButtonLink, Card, PasswordField } from '@solar/ui';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { useForm } from '../../forms/use-form.ts';
import { MailLanguageField, NameEmailFields, RoleAndVerifiedFields } from './user-form.tsx';
import { failureReason } from './user-queries.ts';
import { usersListPath } from './list-return.ts';

interface CreateValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  userType: RoleKey;
  emailConfirmed: boolean;
  locale: Locale;
}

const FIELDS = [
  'name',
  'email',
  'password',
  'confirmPassword',
  'userType',
  'emailConfirmed',
  'locale',
] as const;

const EMPTY: CreateValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  userType: DEFAULT_ROLE,
  emailConfirmed: false,
  locale: 'en',
};

export default function UserCreateScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const create = useCreateUser();
  const { connect, values, edit, errorText, field, validate, showServerErrors } = useForm(
    FIELDS,
    EMPTY,
  );
  const t = (id: string) => intl.formatMessage({ id });

  const change = <K extends keyof CreateValues>(field: K, value: CreateValues[K]) =>
    edit(field)(value);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate(adminCreateUserFormSchema);
    if (!data) return;
    const { confirmPassword: _confirm, userType, ...body } = data;
    create.mutate(
      { ...body, userType: roleToUserType(userType) },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: userMessages.created });
          navigate(usersListPath());
        },
        onError: (error) => {
          if (showServerErrors(error)) return;
          notify({
            kind: 'error',
            title: userMessages.createFailed,
            message: failureReason(error),
          });
        },
      },
    );
  };

  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <h1 className="text-2xl font-semibold">{t('users.create.title')}</h1>
        <Card>
          <form ref={connect} noValidate onSubmit={submit} className="flex flex-col gap-4">
            <NameEmailFields values={values} errorText={errorText} onChange={change} />
            <PasswordField
              label={t('users.form.password')}
              {...field('password')}
              autoComplete="new-password"
              showLabel={t('users.form.showPassword')}
              hideLabel={t('users.form.hidePassword')}
              description={t('users.form.passwordHint')}
            />
            <PasswordField
              label={t('users.form.confirmPassword')}
              {...field('confirmPassword')}
              autoComplete="new-password"
              showLabel={t('users.form.showConfirm')}
              hideLabel={t('users.form.hideConfirm')}
            />
            <RoleAndVerifiedFields
              values={values}
              errorText={errorText}
              onRoleChange={(role) => change('userType', role)}
              onEmailConfirmedChange={(value) => change('emailConfirmed', value)}
            />
            <MailLanguageField
              value={values.locale}
              onChange={(locale) => change('locale', locale)}
            />
            <div className="mt-2 flex flex-wrap justify-end gap-2">
              <ButtonLink href={usersListPath()} variant="secondary">
                {t('users.form.cancel')}
              </ButtonLink>
              <Button type="submit" isPending={create.isPending}>
                {t('users.create.submit')}
              </Button>
            </div>
          </form>
        </Card>
      </div>
    </SignedInShell>
  );
}
