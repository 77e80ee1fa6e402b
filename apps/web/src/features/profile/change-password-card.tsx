/**
 * 'Change password' on the profile: the current password and a new one
 * with the sign-up rules (`POST /auth/password/change`; this session stays signed in, the
 * others end).
 */
import { changePasswordFormSchema } from '@solar/domain';
import { ApiError } from '@solar/api';
import { useChangePassword } from '@solar/api/react';
import { Button, Card, PasswordField } from '@solar/ui';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../forms/use-form.ts';

const FIELDS = ['currentPassword', 'password', 'confirmPassword'] as const;
type PasswordFieldName = (typeof FIELDS)[number];

/** 'Change password': current, new (sign-up rules) and confirm; this session stays. */
export function ChangePasswordCard() {
  const intl = useIntl();
  const change = useChangePassword();
  const empty = { currentPassword: '', password: '', confirmPassword: '' };
  const [open, setOpen] = useState(false);
  const { connect, field, validate, showServerErrors, reset } = useForm(FIELDS, empty);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const data = validate(changePasswordFormSchema);
    if (!data) return;
    try {
      await change.mutateAsync(data);
      reset(empty);
      setOpen(false);
      setDone(true);
    } catch (error) {
      if (showServerErrors(error)) return;
      setFailure(
        error instanceof ApiError && error.code !== 'network' && error.serverMessage
          ? error.serverMessage
          : t('profile.passwordChangeFailed'),
      );
    }
  }

  const passwordField = (name: PasswordFieldName, autoComplete: string) => (
    <PasswordField
      label={t(`profile.${name}`)}
      {...field(name)}
      autoComplete={autoComplete}
      showLabel={t(`profile.show.${name}`)}
      hideLabel={t(`profile.hide.${name}`)}
      {...(name === 'password' ? { description: t('profile.newPasswordHint') } : {})}
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
        <form ref={connect} noValidate onSubmit={submit} className="flex flex-col gap-4">
          {passwordField('currentPassword', 'current-password')}
          {passwordField('password', 'new-password')}
          {passwordField('confirmPassword', 'new-password')}
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
                reset(empty);
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
