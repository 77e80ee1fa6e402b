/**
 * /signin (docs/product.md#accounts-and-sessions): email and password, external sign-in
 * ("Continue with {provider}") when configured, keeping `?from=` through the provider,
 * links to /signup (keeping a safe `?from=`, domain `withSafeFrom`) and /forgot-password.
 * Validation is the domain's sign-in schema ('Please fill in all fields', 'Please enter a
 * valid email address'); after sign-in the user goes to
 * the remembered `?from=` path (domain `afterSignInPath`), else /dashboard. A refused
 * sign-in shows 'Login failed. Please check your credentials.' (401), the inactive-account
 * message (403 `account_inactive`) or the server's message; a server or connection failure
 * also raises an error toast.
 *
 * The schema (zod) loads on the form's first focus, not with the page
 * (forms/load-validation.ts): the form renders and takes input without it.
 */
import {
  afterSignInPath,
  authMessages,
  globalErrorMessages,
  ROUTES,
  withSafeFrom,
} from '@solar/domain';
import { useSignIn } from '@solar/api/react';
import { Button, Link, PasswordField, TextField } from '@solar/ui';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { AuthPage, FormAlert } from './auth-page.tsx';
import { failureText, isServiceFailure } from './failure-text.ts';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';

type Field = 'email' | 'password';
const FIELDS: readonly Field[] = ['email', 'password'];

export default function SignInScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const search = useSearch();
  const notify = useNotify();
  const signIn = useSignIn();
  const { connect, field, validate } = useForm(FIELDS, {
    email: '',
    password: '',
  });
  const [failure, setFailure] = useState<string | null>(null);
  const from = new URLSearchParams(search).get('from');
  const next = afterSignInPath(from);
  const t = (id: string) => intl.formatMessage({ id });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const schemas = await loadValidation();
    // Offline before the schema came: the connection message, as a sign-in would give.
    if (!schemas) return setFailure(intl.formatMessage(globalErrorMessages.connection));
    const data = validate(schemas.signInSchema);
    if (!data) return;
    try {
      await signIn.mutateAsync(data);
      navigate(next, { replace: true });
    } catch (error) {
      const text = failureText(intl, error, authMessages.loginFailed, {
        invalid_credentials: authMessages.loginFailed,
        unauthenticated: authMessages.loginFailed,
      });
      setFailure(text);
      if (isServiceFailure(error)) notify({ kind: 'error', message: text });
    }
  }

  return (
    <AuthPage
      title={t('signin.title')}
      subtitle={t('signin.subtitle')}
      footer={
        <>
          {t('signin.noAccount')}{' '}
          <Link href={withSafeFrom(ROUTES.signUp, from)}>{t('signin.signUpLink')}</Link>
        </>
      }
    >
      <form
        ref={connect}
        noValidate
        onFocus={preloadValidation}
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
      >
        <TextField
          label={t('signin.email')}
          type="email"
          {...field('email')}
          autoComplete="email"
          isRequired
        />
        <PasswordField
          label={t('signin.password')}
          showLabel={t('signin.showPassword')}
          hideLabel={t('signin.hidePassword')}
          {...field('password')}
          autoComplete="current-password"
          isRequired
        />
        <div className="-mt-1 text-right text-sm">
          <Link href={ROUTES.forgotPassword}>{t('signin.forgotLink')}</Link>
        </div>
        {failure && <FormAlert>{failure}</FormAlert>}
        <Button type="submit" isPending={signIn.isPending}>
          {t('signin.submit')}
        </Button>
      </form>
      <ExternalSignInButton mode="signIn" from={from} onError={setFailure} />
    </AuthPage>
  );
}
