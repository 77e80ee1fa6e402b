/**
 * /users/{id}/edit (spec sections 2, 4, 5, 6 and 8; canManageUsers only): name, email,
 * user type, email confirmed and active, loaded from `GET /admin/users/{id}` (a failed
 * load: 'Failed to load user details' toast and back to /users) and checked with the
 * domain's `adminEditUserFormSchema` (name, email and user type required).
 * An admin editing their own account cannot change its user type or deactivate it: both
 * controls are disabled and say why (the server refuses it too: 409 `own_account`).
 * `PUT /admin/users/{id}`: 409 `email_taken` goes on the email field; the server's other
 * refusals (`own_account`, `last_admin`, by their code in the user's language, else the
 * server's message) show above the buttons and in the 'Failed to update user' toast;
 * success raises 'User updated successfully' and returns to /users.
 */
import { toApiError } from '@solar/api';
import { useUpdateUser } from '@solar/api/react';
import { useSession } from '@solar/api/react/provider';
import {
  adminEditUserFormSchema,
  ERROR_CODE_MESSAGES,
  roleToUserType,
  userMessages,
  userPath,
  userTypeNameToRole,
  DEFAULT_ROLE,
  type AdminUserDetail,
  type RoleKey,
} from '@solar/domain';
import {
  AlertIcon,
  Button,
  ButtonLink,
  Card,
  Checkbox,
  ChevronLeftIcon,
  InfoIcon,
  Link,
  Spinner,
} from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
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
import { failureReason, useUserDetailOrLeave } from './user-queries.ts';
import { usersListPath } from './list-return.ts';

/** The id of the note that says why an admin's own role and status are locked. */
const OWN_ACCOUNT_NOTE = 'own-account-note';

interface EditValues {
  name: string;
  email: string;
  userType: RoleKey;
  emailConfirmed: boolean;
  isActive: boolean;
}

export default function UserEditScreen({ params }: { params: Record<string, string> }) {
  const intl = useIntl();
  const id = params.id ?? '';
  const query = useUserDetailOrLeave(id);
  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <Link href={userPath(id)} className="inline-flex items-center gap-1 self-start text-sm">
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          {intl.formatMessage({ id: 'users.edit.back' })}
        </Link>
        <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'users.edit.title' })}</h1>
        {query.data ? (
          // Keyed by the user: a background refetch must not reset what is being typed.
          <EditForm key={query.data.id} user={query.data} />
        ) : (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label={intl.formatMessage({ id: 'users.view.loading' })} />
          </div>
        )}
      </div>
    </SignedInShell>
  );
}

function valuesOf(user: AdminUserDetail): EditValues {
  return {
    name: user.user.name,
    email: user.user.email,
    userType: userTypeNameToRole(user.userType) ?? DEFAULT_ROLE,
    emailConfirmed: user.user.emailVerified,
    isActive: user.isActive,
  };
}

function EditForm({ user }: { user: AdminUserDetail }) {
  const intl = useIntl();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const update = useUpdateUser();
  const issueMessages = useIssueMessages();
  const serverFieldErrors = useServerFieldErrors();
  const form = useRef<HTMLFormElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const [values, setValues] = useState<EditValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<string | null>(null);
  const isOwnAccount = useSession().user?.id === user.id;
  const ownAccountReason = isOwnAccount
    ? intl.formatMessage(ERROR_CODE_MESSAGES.own_account)
    : undefined;
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(form, attempt);
  // The server's refusal is announced (role alert) and focused, so the reason is read.
  useEffect(() => {
    if (refused) refusal.current?.focus();
  }, [refused]);
  const t = (id: string) => intl.formatMessage({ id });

  const change = <K extends keyof EditValues>(field: K, value: EditValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setRefused(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefused(null);
    const parsed = adminEditUserFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issueMessages(parsed.error.issues));
      setAttempt((n) => n + 1);
      return;
    }
    const body = { ...parsed.data, userType: roleToUserType(parsed.data.userType) };
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: userMessages.updated });
          navigate(usersListPath());
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) {
            setErrors(fields);
            setAttempt((n) => n + 1);
            return;
          }
          const failure = toApiError(error);
          if (failure.code === 'own_account' || failure.code === 'last_admin') {
            // Self-protection and the last admin: why, in the user's language (spec section 6).
            setRefused(intl.formatMessage(ERROR_CODE_MESSAGES[failure.code]));
          } else if (failure.status === 409 && failure.serverMessage) {
            setRefused(failure.serverMessage);
          }
          notify({
            kind: 'error',
            title: userMessages.updateFailed,
            message: failureReason(error),
          });
        },
      },
    );
  };

  return (
    <Card>
      <form ref={form} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <NameEmailFields values={values} errors={errors} onChange={change} />
        {ownAccountReason && (
          <p
            id={OWN_ACCOUNT_NOTE}
            className="flex items-start gap-2 rounded-control bg-surface-sunken p-3 text-sm text-fg"
          >
            <InfoIcon className="mt-0.5 size-4 shrink-0 text-fg-muted" aria-hidden="true" />
            {ownAccountReason}
          </p>
        )}
        <RoleAndVerifiedFields
          values={values}
          errors={errors}
          onRoleChange={(role) => change('userType', role)}
          onEmailConfirmedChange={(value) => change('emailConfirmed', value)}
          {...(isOwnAccount ? { roleLockedBy: OWN_ACCOUNT_NOTE } : {})}
        />
        <Checkbox
          name="isActive"
          isSelected={values.isActive}
          onChange={(value) => change('isActive', value)}
          isDisabled={isOwnAccount}
          {...(isOwnAccount ? { 'aria-describedby': OWN_ACCOUNT_NOTE } : {})}
        >
          {t('users.form.active')}
        </Checkbox>
        {refused && (
          <div
            ref={refusal}
            role="alert"
            tabIndex={-1}
            className="flex items-start gap-2 rounded-control border border-danger-fg/30 bg-danger-soft p-3 text-sm text-danger-fg outline-none"
          >
            <AlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{refused}</span>
          </div>
        )}
        <div className="mt-2 flex flex-wrap justify-end gap-2">
          <ButtonLink href={userPath(user.id)} variant="secondary">
            {t('users.form.cancel')}
          </ButtonLink>
          <Button type="submit" isPending={update.isPending}>
            {t('users.edit.submit')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
