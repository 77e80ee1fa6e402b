/**
 * /profile (spec sections 2, 4, 5, 6 and 8): the user's name, email and role badge from
 * `GET /auth/me`. Edit mode changes name and email (domain profile schema, one message per
 * field, cleared on edit); Save sends `PUT /auth/me` (the stored session user follows) and
 * returns to view mode with 'Profile updated successfully'; Cancel restores the saved
 * values. Google-authenticated users see a notice instead of the edit button. A taken email
 * (409) shows on the email field; other failures the server's message or 'Failed to update
 * profile.'.
 */
import {
  apiMessages,
  authMessages,
  messageDescriptor,
  profileSchema,
  roleLabel,
  type MeResponse,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import { queryKeys, useApiQueryClient, useMe, useUpdateProfile } from '@solar/api/react';
import { Avatar, Button, Card, RoleBadge, Spinner, TextField } from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';

type Field = 'name' | 'email';
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
            <p>{t('profile.loadFailed')}</p>
            <div>
              <Button variant="secondary" onPress={() => void me.refetch()}>
                {t('profile.retry')}
              </Button>
            </div>
          </Card>
        )}
        {me.data && <ProfileCard me={me.data} />}
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
  const [draft, setDraft] = useState<Record<Field, string>>({ name: me.name, email: me.email });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const savedMessage = useRef<HTMLParagraphElement>(null);
  const focusAfter = useRef<'name' | 'edit' | 'saved' | null>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const google = me.authMethod === 'google';

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
  };

  function startEditing() {
    setDraft({ name: me.name, email: me.email });
    setErrors({});
    setFailure(null);
    setSaved(false);
    focusAfter.current = 'name';
    setEditing(true);
  }

  function cancel() {
    setDraft({ name: me.name, email: me.email });
    setErrors({});
    setFailure(null);
    focusAfter.current = 'edit';
    setEditing(false);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const parsed = profileSchema.safeParse(draft);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        next[field] ??= issue.message;
      }
      return showErrors(next);
    }
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
      if (next.name || next.email) return showErrors(next);
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
