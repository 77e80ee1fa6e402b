/**
 * /users/create (spec sections 2, 4, 5 and 8; canManageUsers only): name, email, password
 * (at least 6 characters, the admin rule), confirm, user type (default Residential
 * Client) and email confirmed (default off), checked with the domain's
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
  type RoleKey,
} from '@solar/domain';
import { Button, ButtonLink, Card, PasswordField } from '@solar/ui';
import { useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import {
  NameEmailFields,
  RoleAndVerifiedFields,
  useFocusFirstInvalid,
  useIssueMessages,
  useServerFieldErrors,
  type FieldErrors,
} from './user-form.tsx';
import { failureReason } from './user-queries.ts';
import { usersListPath } from './list-return.ts';

interface CreateValues {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  userType: RoleKey;
  emailConfirmed: boolean;
}

const EMPTY: CreateValues = {
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  userType: DEFAULT_ROLE,
  emailConfirmed: false,
};

export default function UserCreateScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const create = useCreateUser();
  const issueMessages = useIssueMessages();
  const serverFieldErrors = useServerFieldErrors();
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<CreateValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt);
  const t = (id: string) => intl.formatMessage({ id });

  const change = <K extends keyof CreateValues>(field: K, value: CreateValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = adminCreateUserFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueMessages(parsed.error.issues));
      setAttempt((n) => n + 1);
      return;
    }
    const { confirmPassword: _confirm, userType, ...body } = parsed.data;
    create.mutate(
      { ...body, userType: roleToUserType(userType) },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: userMessages.created });
          navigate(usersListPath());
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) {
            setErrors(fields);
            setAttempt((n) => n + 1);
            return;
          }
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
          <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
            <NameEmailFields values={values} errors={errors} onChange={change} />
            <PasswordField
              label={t('users.form.password')}
              name="password"
              autoComplete="new-password"
              showLabel={t('users.form.showPassword')}
              hideLabel={t('users.form.hidePassword')}
              description={t('users.form.passwordHint')}
              value={values.password}
              onChange={(value) => change('password', value)}
              {...(errors.password ? { errorMessage: errors.password } : {})}
            />
            <PasswordField
              label={t('users.form.confirmPassword')}
              name="confirmPassword"
              autoComplete="new-password"
              showLabel={t('users.form.showConfirm')}
              hideLabel={t('users.form.hideConfirm')}
              value={values.confirmPassword}
              onChange={(value) => change('confirmPassword', value)}
              {...(errors.confirmPassword ? { errorMessage: errors.confirmPassword } : {})}
            />
            <RoleAndVerifiedFields
              values={values}
              errors={errors}
              onRoleChange={(role) => change('userType', role)}
              onEmailConfirmedChange={(value) => change('emailConfirmed', value)}
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
