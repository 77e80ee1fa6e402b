/**
 * The profile card (docs/product.md#accounts-and-sessions, #roles-and-permissions and
 * #errors-and-messages): name, email and role badge from `GET /auth/me`. Edit mode changes name and
 * email (domain profile schema, one message per field, cleared on edit); Save sends `PUT /auth/me`
 * (the stored session user follows) and returns to view mode with 'Profile updated successfully';
 * Cancel restores the saved values. Google-authenticated users see a notice instead of the edit
 * button. A taken email (409) shows on the email field; other failures the server's message or
 * 'Failed to update profile.'.
 *
 * A new email asks for the current password (the field appears once the email differs) and
 * is a secure change (docs/decisions/034-secure-email-change.md): after Save the profile
 * says a link was sent to the new address and the email stays the current one until it is
 * opened; the waiting change shows with 'Send the link again' and 'Cancel the change'
 * (pending-email-change.tsx).
 */
import {
  authMessages,
  normalizeEmail,
  profileSchema,
  roleLabel,
  validationMessages,
  type MeResponse,
} from '@solar/domain';
import { ApiError } from '@solar/api';
import { queryKeys, useApiQueryClient, useUpdateProfile } from '@solar/api/react';
import { Avatar, Button, Card, PasswordField, RoleBadge, TextField } from '@solar/ui';
import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { validateForm } from '../../forms/form-errors.ts';
import { useForm } from '../../forms/use-form.ts';
import { PendingEmailChange } from './pending-email-change.tsx';
import { ResendVerification } from './resend-verification.tsx';

const FIELDS = ['name', 'email', 'currentPassword'] as const;
type Field = (typeof FIELDS)[number];
/** What `PUT /auth/me` takes. */
type ProfileUpdate = Parameters<ReturnType<typeof useUpdateProfile>['mutateAsync']>[0];

/** Applies `change` at once (the next view is on screen), then focuses `target` in it. */
function showThenFocus(change: () => void, target: { current: HTMLElement | null }) {
  flushSync(change);
  target.current?.focus();
}

/** The profile in view or edit mode. */
export function ProfileCard({ me }: { me: MeResponse }) {
  const intl = useIntl();
  const queryClient = useApiQueryClient();
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const blank = { name: me.name, email: me.email, currentPassword: '' };
  const { connect, values, field, showErrors, showServerErrors, reset } = useForm(FIELDS, blank);
  const [failure, setFailure] = useState<string | null>(null);
  /** What the status line under the header says after an action, if anything. */
  const [notice, setNotice] = useState<
    | { kind: 'saved' }
    | { kind: 'emailChangeSent'; pendingEmail: string }
    | { kind: 'emailChangeCancelled' }
    | null
  >(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const savedMessage = useRef<HTMLParagraphElement>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const google = me.authMethod === 'google';
  const emailChanging = normalizeEmail(values.email) !== normalizeEmail(me.email);

  function startEditing() {
    showThenFocus(() => {
      reset(blank);
      setFailure(null);
      setNotice(null);
      setEditing(true);
    }, nameInput);
  }

  function cancel() {
    showThenFocus(() => {
      reset(blank);
      setFailure(null);
      setEditing(false);
    }, editButton);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const { currentPassword, ...details } = values;
    const parsed = validateForm<ProfileUpdate, Field>(
      profileSchema,
      emailChanging ? { ...details, currentPassword } : details,
    );
    const missingPassword =
      emailChanging && currentPassword === ''
        ? { currentPassword: validationMessages.currentPasswordRequired.id }
        : {};
    if (!parsed.ok || missingPassword.currentPassword) {
      return showErrors({ ...(parsed.ok ? {} : parsed.errors), ...missingPassword });
    }
    try {
      const updated = await update.mutateAsync(parsed.data);
      queryClient.setQueryData(queryKeys.me(), updated);
      showThenFocus(() => {
        setNotice(
          emailChanging && updated.pendingEmail
            ? { kind: 'emailChangeSent', pendingEmail: updated.pendingEmail }
            : { kind: 'saved' },
        );
        setEditing(false);
      }, savedMessage);
    } catch (error) {
      if (showServerErrors(error)) return;
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

      {notice && !editing && (
        <p
          ref={savedMessage}
          role="status"
          tabIndex={-1}
          className="rounded-control bg-success-soft px-3 py-2 text-sm break-words text-success-fg outline-none"
        >
          {notice.kind === 'saved' && intl.formatMessage(authMessages.profileUpdated)}
          {notice.kind === 'emailChangeSent' &&
            intl.formatMessage(
              { id: 'profile.emailChangeSent' },
              { pendingEmail: notice.pendingEmail, email: me.email },
            )}
          {notice.kind === 'emailChangeCancelled' &&
            intl.formatMessage({ id: 'profile.emailChangeCancelled' }, { email: me.email })}
        </p>
      )}

      {google && (
        <p className="rounded-control border border-border bg-surface-sunken px-3 py-2 text-sm">
          {intl.formatMessage(authMessages.googleProfileLocked)}
        </p>
      )}

      {editing ? (
        <form ref={connect} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <h3 className="text-lg font-semibold">{t('profile.editTitle')}</h3>
          <TextField
            label={t('profile.name')}
            {...field('name')}
            autoComplete="name"
            inputRef={nameInput}
            isRequired
          />
          <TextField
            label={t('profile.email')}
            type="email"
            {...field('email')}
            autoComplete="email"
            isRequired
          />
          {emailChanging && (
            <PasswordField
              label={t('profile.currentPassword')}
              {...field('currentPassword')}
              autoComplete="current-password"
              showLabel={t('profile.showCurrentPassword')}
              hideLabel={t('profile.hideCurrentPassword')}
              description={t('profile.currentPasswordForEmail')}
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
            {me.pendingEmail && (
              <dd className="sm:col-span-2">
                <PendingEmailChange
                  me={{ ...me, pendingEmail: me.pendingEmail }}
                  onCancelled={() =>
                    showThenFocus(() => setNotice({ kind: 'emailChangeCancelled' }), savedMessage)
                  }
                />
              </dd>
            )}
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
