/**
 * The user edit form (docs/product.md#user-administration, #roles-and-permissions and
 * #errors-and-messages): name, email, user type, email confirmed, active and the language of the
 * user's mail, checked with the domain's `adminEditUserFormSchema`; an admin's own user type and
 * status are locked and say why; the server's refusals show above the buttons.
 */
import { toApiError } from '@solar/api';
import { useUpdateUser } from '@solar/api/react';
import { useSession } from '@solar/api/react/provider';
import {
  adminEditUserFormSchema,
  DEFAULT_ROLE,
  ERROR_CODE_MESSAGES,
  roleToUserType,
  userMessages,
  userPath,
  userTypeNameToRole,
  type AdminUserDetail,
  type Locale,
  type RoleKey,
} from '@solar/domain';
import { AlertIcon, Button, ButtonLink, Card, Checkbox, InfoIcon } from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { useForm } from '../../forms/use-form.ts';
import { failureReason } from './user-queries.ts';
import { usersListPath } from './list-return.ts';
import { MailLanguageField, NameEmailFields, RoleAndVerifiedFields } from './user-form.tsx';

/** The id of the note that says why an admin's own role and status are locked. */
const OWN_ACCOUNT_NOTE = 'own-account-note';

const FIELDS = ['name', 'email', 'userType', 'emailConfirmed', 'isActive', 'locale'] as const;

interface EditValues {
  name: string;
  email: string;
  userType: RoleKey;
  emailConfirmed: boolean;
  isActive: boolean;
  locale: Locale;
}

function valuesOf(user: AdminUserDetail): EditValues {
  return {
    name: user.user.name,
    email: user.user.email,
    userType: userTypeNameToRole(user.userType) ?? DEFAULT_ROLE,
    emailConfirmed: user.user.emailVerified,
    isActive: user.isActive,
    locale: user.locale,
  };
}

/** The form of `user`, its saved values to start with. */
export function EditForm({ user }: { user: AdminUserDetail }) {
  const intl = useIntl();
  const notify = useNotify();
  const [, navigate] = useLocation();
  const update = useUpdateUser();
  const refusal = useRef<HTMLDivElement>(null);
  const { connect, values, edit, errorText, validate, showServerErrors } = useForm(
    FIELDS,
    valuesOf(user),
  );
  const [refused, setRefused] = useState<string | null>(null);
  const isOwnAccount = useSession().user?.id === user.id;
  const ownAccountReason = isOwnAccount
    ? intl.formatMessage(ERROR_CODE_MESSAGES.own_account)
    : undefined;
  // The server's refusal is announced (role alert) and focused, so the reason is read.
  useEffect(() => {
    if (refused) refusal.current?.focus();
  }, [refused]);
  const t = (id: string) => intl.formatMessage({ id });

  const change = <K extends keyof EditValues>(field: K, value: EditValues[K]) => {
    edit(field)(value);
    setRefused(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefused(null);
    const data = validate(adminEditUserFormSchema);
    if (!data) return;
    const body = { ...data, userType: roleToUserType(data.userType) };
    update.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          notify({ kind: 'success', message: userMessages.updated });
          navigate(usersListPath());
        },
        onError: (error) => {
          if (showServerErrors(error)) return;
          const failure = toApiError(error);
          if (failure.code === 'own_account' || failure.code === 'last_admin') {
            // Self-protection and the last admin: why, in the user's language
            // (docs/product.md#accounts-and-sessions).
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
      <form ref={connect} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <NameEmailFields values={values} errorText={errorText} onChange={change} />
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
          errorText={errorText}
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
        <MailLanguageField value={values.locale} onChange={(locale) => change('locale', locale)} />
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
