/**
 * /reset-password?token= (docs/product.md#accounts-and-sessions and #errors-and-messages): new
 * password with the live requirements checklist and its confirmation (domain reset-password form
 * schema). On `POST /auth/password/reset` 204 a success panel announces the redirect and the
 * browser goes to /signin after 3 s (DELAYS_MS.resetRedirect). A 400 `invalid_token` shows 'This
 * link is invalid or has expired.' with a link to /forgot-password; other failures the
 * server's message or 'Failed to reset password. Please try again.'. Without a token the
 * route guard sends the visitor to /forgot-password.
 *
 * The schema (zod) loads on the form's first focus, not with the page
 * (forms/load-validation.ts).
 */
import { useResetPassword } from '@solar/api/react';
import { apiMessages, authMessages, DELAYS_MS, globalErrorMessages, ROUTES } from '@solar/domain';
import { ApiError } from '@solar/api';
import { Button, ButtonLink, Link, PasswordField } from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { AuthPage, FormAlert } from './auth-page.tsx';
import { failureText } from './failure-text.ts';
import { useSchedule } from '../../app/clock.tsx';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';
import { checklistLabels } from './password-checklist.ts';

type Field = 'password' | 'confirmPassword';
const FIELDS: readonly Field[] = ['password', 'confirmPassword'];
type Stage = 'form' | 'done' | 'invalid';

export default function ResetPasswordScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const schedule = useSchedule();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const [stage, setStage] = useState<Stage>(token ? 'form' : 'invalid');
  const { connect, field, validate, showServerErrors } = useForm(FIELDS, {
    password: '',
    confirmPassword: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const t = (id: string) => intl.formatMessage({ id });

  useEffect(() => {
    if (stage === 'form') return;
    panelHeading.current?.focus();
    if (stage !== 'done') return;
    return schedule(() => navigate(ROUTES.signIn, { replace: true }), DELAYS_MS.resetRedirect);
  }, [stage, navigate, schedule]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const schemas = await loadValidation();
    if (!schemas) return setFailure(intl.formatMessage(globalErrorMessages.connection));
    const data = validate(schemas.resetPasswordFormSchema);
    if (!data) return;
    try {
      await reset.mutateAsync({ token, ...data });
      setStage('done');
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid_token') return setStage('invalid');
      if (showServerErrors(error)) return;
      setFailure(failureText(intl, error, authMessages.resetFailed));
    }
  }

  if (stage === 'invalid') {
    return (
      <AuthPage title={t('resetPassword.title')}>
        <section aria-labelledby="reset-invalid-title" className="flex flex-col gap-3">
          <h2
            id="reset-invalid-title"
            ref={panelHeading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t('resetPassword.invalidTitle')}
          </h2>
          <p>{intl.formatMessage(apiMessages.invalidToken)}</p>
          <ButtonLink href={ROUTES.forgotPassword}>{t('resetPassword.requestNewLink')}</ButtonLink>
        </section>
      </AuthPage>
    );
  }

  if (stage === 'done') {
    return (
      <AuthPage title={t('resetPassword.title')}>
        <section
          aria-labelledby="reset-done-title"
          className="flex flex-col gap-3 rounded-control bg-success-soft p-4"
        >
          <h2
            id="reset-done-title"
            ref={panelHeading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t('resetPassword.doneTitle')}
          </h2>
          <p>{t('resetPassword.doneBody')}</p>
          <p role="status">{t('resetPassword.redirecting')}</p>
          <Link href={ROUTES.signIn}>{t('resetPassword.signInNow')}</Link>
        </section>
      </AuthPage>
    );
  }

  return (
    <AuthPage
      title={t('resetPassword.title')}
      subtitle={t('resetPassword.subtitle')}
      footer={<Link href={ROUTES.signIn}>{t('resetPassword.backToSignIn')}</Link>}
    >
      <form
        ref={connect}
        noValidate
        onFocus={preloadValidation}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <PasswordField
          label={t('resetPassword.password')}
          showLabel={t('resetPassword.showPassword')}
          hideLabel={t('resetPassword.hidePassword')}
          {...field('password')}
          autoComplete="new-password"
          {...checklistLabels(intl)}
          isRequired
        />
        <PasswordField
          label={t('resetPassword.confirmPassword')}
          showLabel={t('resetPassword.showConfirm')}
          hideLabel={t('resetPassword.hideConfirm')}
          {...field('confirmPassword')}
          autoComplete="new-password"
          isRequired
        />
        {failure && <FormAlert>{failure}</FormAlert>}
        <Button type="submit" isPending={reset.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </form>
    </AuthPage>
  );
}
