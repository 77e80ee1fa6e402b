/**
 * /profile (spec sections 2, 4, 5, 6 and 8): the user's name, email and role badge from
 * `GET /auth/me`. Edit mode changes name and email (domain profile schema, one message per
 * field, cleared on edit); Save sends `PUT /auth/me` (the stored session user follows) and
 * returns to view mode with 'Profile updated successfully'; Cancel restores the saved
 * values. Google-authenticated users see a notice instead of the edit button. A taken email
 * (409) shows on the email field; other failures the server's message or 'Failed to update
 * profile.'.
 *
 * Account safety (issue 25 item 4): a new email asks for the current password (the field
 * appears once the email differs) and is unverified until confirmed; an unverified email
 * has 'Send the link again' (`POST /auth/email/verify/resend`); 'Change password' asks for
 * the current password and a new one with the sign-up rules (`POST
 * /auth/password/change`; this session stays signed in, the others end).
 */
import {
  apiMessages,
  authMessages,
  changePasswordFormSchema,
  messageDescriptor,
  normalizeEmail,
  profileSchema,
  roleLabel,
  validationMessages,
  type MeResponse,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import {
  queryKeys,
  useApiQueryClient,
  useChangePassword,
  useMe,
  useResendVerification,
  useUpdateProfile,
} from '@solar/api/react';
import { Avatar, Button, Card, PasswordField, RoleBadge, Spinner, TextField } from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';
import { loadFailure } from '../../app/load-failure.ts';

type Field = 'name' | 'email' | 'currentPassword';
type Errors = Partial<Record<Field, string>>;

export default function ProfileScreen() {
  const intl = useIntl();
  const me = useMe();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <h1 className="text-2xl font-semibold">{t('profile.title')}</h1>
        {me.isPending && (
          <div className="flex justify-center py-10">
            <Spinner size="lg" label={t('profile.loading')} />
          </div>
        )}
        {me.isError && (
          <Card role="alert">
            <p>{intl.formatMessage(loadFailure(me.error, { id: 'profile.loadFailed' }))}</p>
            <div>
              <Button variant="secondary" onPress={() => void me.refetch()}>
                {t('profile.retry')}
              </Button>
            </div>
          </Card>
        )}
        {me.data && <ProfileCard me={me.data} />}
        {me.data && me.data.authMethod !== 'google' && <ChangePasswordCard />}
      </div>
    </SignedInShell>
  );
}

/** The profile in view or edit mode. */
function ProfileCard({ me }: { me: MeResponse }) {
  const intl = useIntl();
  const queryClient = useApiQueryClient();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const blank = { name: me.name, email: me.email, currentPassword: '' };
  const [draft, setDraft] = useState<Record<Field, string>>(blank);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const savedMessage = useRef<HTMLParagraphElement>(null);
  const focusAfter = useRef<'name' | 'edit' | 'saved' | null>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const google = me.authMethod === 'google';
  const emailChanging = normalizeEmail(draft.email) !== normalizeEmail(me.email);

  useEffect(() => {
    const target = focusAfter.current;
    focusAfter.current = null;
    if (target === 'name') nameInput.current?.focus();
    if (target === 'edit') editButton.current?.focus();
    if (target === 'saved') savedMessage.current?.focus();
  }, [editing]);

  const errorText = (field: Field) => {
    const value = errors[field];
    if (value === undefined) return undefined;
    return Object.hasOwn(intl.messages, value)
      ? intl.formatMessage(messageDescriptor(value))
      : value;
  };
  const edit = (field: Field) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const showErrors = (next: Errors) => {
    setErrors(next);
    if (next.name) nameInput.current?.focus();
    else if (next.email) emailInput.current?.focus();
    else if (next.currentPassword) passwordInput.current?.focus();
  };

  function startEditing() {
    setDraft(blank);
    setErrors({});
    setFailure(null);
    setSaved(false);
    focusAfter.current = 'name';
    setEditing(true);
  }

  function cancel() {
    setDraft(blank);
    setErrors({});
    setFailure(null);
    focusAfter.current = 'edit';
    setEditing(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const { currentPassword, ...details } = draft;
    const parsed = profileSchema.safeParse(
      emailChanging ? { ...details, currentPassword } : details,
    );
    const next: Errors = {};
    if (emailChanging && currentPassword === '') {
      next.currentPassword = validationMessages.currentPasswordRequired.id;
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
    }
    if (!parsed.success || next.currentPassword) return showErrors(next);
    try {
      const updated = await update.mutateAsync(parsed.data);
      queryClient.setQueryData(queryKeys.me(), updated);
      setSaved(true);
      focusAfter.current = 'saved';
      setEditing(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_taken') {
        return showErrors({ email: apiMessages.emailTaken.id });
      }
      const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const next: Errors = {};
      if (fields.name) next.name = fields.name;
      if (fields.email) next.email = fields.email;
      if (fields.currentPassword)
        next.currentPassword = serverPasswordMessage(fields.currentPassword);
      if (next.name || next.email || next.currentPassword) return showErrors(next);
      setFailure(
        error instanceof ApiError && error.code !== 'network' && error.serverMessage
          ? error.serverMessage
          : intl.formatMessage(authMessages.profileUpdateFailed),
      );
    }
  }

  return (
    <Card className="gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar name={me.name} src={me.picture} size="lg" />
        <div className="flex min-w-0 flex-col gap-1">
          <h2 className="text-xl font-semibold break-words">{me.name}</h2>
          <p className="break-all text-fg-muted">{me.email}</p>
          <div>
            <RoleBadge userRole={me.role} label={intl.formatMessage(roleLabel(me.role))} />
          </div>
        </div>
      </div>

      {saved && !editing && (
        <p
          ref={savedMessage}
          role="status"
          tabIndex={-1}
          className="rounded-control bg-success-soft px-3 py-2 text-sm text-success-fg outline-none"
        >
          {intl.formatMessage(authMessages.profileUpdated)}
        </p>
      )}

      {google && (
        <p className="rounded-control border border-border bg-surface-sunken px-3 py-2 text-sm">
          {intl.formatMessage(authMessages.googleProfileLocked)}
        </p>
      )}

      {editing ? (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <h3 className="text-lg font-semibold">{t('profile.editTitle')}</h3>
          <TextField
            label={t('profile.name')}
            name="name"
            autoComplete="name"
            value={draft.name}
            onChange={edit('name')}
            errorMessage={errorText('name')}
            inputRef={nameInput}
            isRequired
          />
          <TextField
            label={t('profile.email')}
            type="email"
            name="email"
            autoComplete="email"
            value={draft.email}
            onChange={edit('email')}
            errorMessage={errorText('email')}
            inputRef={emailInput}
            isRequired
          />
          {emailChanging && (
            <PasswordField
              label={t('profile.currentPassword')}
              name="currentPassword"
              autoComplete="current-password"
              showLabel={t('profile.showCurrentPassword')}
              hideLabel={t('profile.hideCurrentPassword')}
              description={t('profile.currentPasswordForEmail')}
              value={draft.currentPassword}
              onChange={edit('currentPassword')}
              inputRef={passwordInput}
              {...(errorText('currentPassword')
                ? { errorMessage: errorText('currentPassword')! }
                : {})}
            />
          )}
          {failure && (
            <p role="alert" className="text-sm text-danger-fg">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={cancel} isDisabled={update.isPending}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" isPending={update.isPending}>
              {t('profile.save')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-fg-muted">{t('profile.name')}</dt>
            <dd>{me.name}</dd>
            <dt className="font-medium text-fg-muted">{t('profile.email')}</dt>
            <dd className="break-all">
              {me.email}{' '}
              <span className="text-fg-muted">
                ({t(me.emailConfirmed ? 'profile.emailVerified' : 'profile.emailUnverified')})
              </span>
              {!me.emailConfirmed && <ResendVerification />}
            </dd>
            <dt className="font-medium text-fg-muted">{t('profile.role')}</dt>
            <dd>{intl.formatMessage(roleLabel(me.role))}</dd>
            <dt className="font-medium text-fg-muted">{t('profile.memberSince')}</dt>
            <dd>{intl.formatDate(me.createdAt, { dateStyle: 'long' })}</dd>
          </dl>
          {!google && (
            <div className="flex justify-end">
              <Button ref={editButton} onPress={startEditing}>
                {t('profile.edit')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

/** The English server text of a wrong or missing current password, as its message id. */
function serverPasswordMessage(text: string): string {
  for (const message of [
    validationMessages.currentPasswordWrong,
    validationMessages.currentPasswordRequired,
  ]) {
    if (message.defaultMessage === text) return message.id;
  }
  return text;
}

/** 'Send the link again' for an unverified email, with its outcome. */
function ResendVerification() {
  const intl = useIntl();
  const resend = useResendVerification();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  async function send() {
    setOutcome(null);
    try {
      await resend.mutateAsync();
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  }
  return (
    <span className="mt-2 flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        size="sm"
        onPress={() => void send()}
        isPending={resend.isPending}
      >
        {t('profile.resendVerification')}
      </Button>
      {outcome === 'sent' && (
        <span role="status" className="text-sm text-success-fg">
          {t('profile.verificationSent')}
        </span>
      )}
      {outcome === 'failed' && (
        <span role="alert" className="text-sm text-danger-fg">
          {t('profile.verificationFailed')}
        </span>
      )}
    </span>
  );
}

type PasswordFieldName = 'currentPassword' | 'password' | 'confirmPassword';

/** 'Change password': current, new (sign-up rules) and confirm; this session stays. */
function ChangePasswordCard() {
  const intl = useIntl();
  const change = useChangePassword();
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Record<PasswordFieldName, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });
  const text = (value: string | undefined) =>
    value === undefined
      ? undefined
      : Object.hasOwn(intl.messages, value)
        ? intl.formatMessage(messageDescriptor(value))
        : value;
  const set = (field: PasswordFieldName) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<PasswordFieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        next[issue.path[0] as PasswordFieldName] ??= issue.message;
      }
      return setErrors(next);
    }
    try {
      await change.mutateAsync(parsed.data);
      setValues(empty);
      setOpen(false);
      setDone(true);
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const next: Partial<Record<PasswordFieldName, string>> = {};
      if (fields.currentPassword)
        next.currentPassword = serverPasswordMessage(fields.currentPassword);
      if (fields.password) next.password = fields.password;
      if (fields.confirmPassword) next.confirmPassword = fields.confirmPassword;
      if (Object.keys(next).length > 0) return setErrors(next);
      setFailure(
        error instanceof ApiError && error.code !== 'network' && error.serverMessage
          ? error.serverMessage
          : t('profile.passwordChangeFailed'),
      );
    }
  }

  const field = (name: PasswordFieldName, autoComplete: string) => (
    <PasswordField
      label={t(`profile.${name}`)}
      name={name}
      autoComplete={autoComplete}
      showLabel={t(`profile.show.${name}`)}
      hideLabel={t(`profile.hide.${name}`)}
      value={values[name]}
      onChange={set(name)}
      {...(name === 'password' ? { description: t('profile.newPasswordHint') } : {})}
      {...(text(errors[name]) ? { errorMessage: text(errors[name])! } : {})}
    />
  );

  return (
    <Card className="gap-4">
      <h2 className="text-lg font-semibold">{t('profile.changePassword')}</h2>
      {done && !open && (
        <p
          role="status"
          className="rounded-control bg-success-soft px-3 py-2 text-sm text-success-fg"
        >
          {t('profile.passwordChanged')}
        </p>
      )}
      {open ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {field('currentPassword', 'current-password')}
          {field('password', 'new-password')}
          {field('confirmPassword', 'new-password')}
          {failure && (
            <p role="alert" className="text-sm text-danger-fg">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="secondary"
              isDisabled={change.isPending}
              onPress={() => {
                setValues(empty);
                setErrors({});
                setFailure(null);
                setOpen(false);
              }}
            >
              {t('profile.cancel')}
            </Button>
            <Button type="submit" isPending={change.isPending}>
              {t('profile.savePassword')}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <Button
            variant="secondary"
            onPress={() => {
              setDone(false);
              setOpen(true);
            }}
          >
            {t('profile.changePassword')}
          </Button>
        </div>
      )}
    </Card>
  );
}
