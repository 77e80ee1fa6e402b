/**
 * /signin (spec section 2): email and password form; after sign-in goes to the
 * remembered `?from=` path, else /dashboard. Validation is the domain's sign-in schema
 * (spec section 5); failures show the server's message or the spec's text.
 */
import { afterSignInPath, authMessages, signInSchema } from '@solar/domain';
import { ApiError } from '@solar/api';
import { useSignIn } from '@solar/api/react';
import { Button, Card, PasswordField, TextField } from '@solar/ui';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { LocaleSelect } from '../../app/shell.tsx';

export default function SignInScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const search = useSearch();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = signInSchema.safeParse({ email, password });
    if (!parsed.success) {
      setError(
        intl.formatMessage({ id: parsed.error.issues[0]?.message ?? 'validation.fillAllFields' }),
      );
      return;
    }
    setError(null);
    try {
      await signIn.mutateAsync(parsed.data);
      navigate(afterSignInPath(new URLSearchParams(search).get('from')), { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 401
          ? intl.formatMessage(authMessages.loginFailed)
          : failure instanceof ApiError && failure.code === 'network'
            ? intl.formatMessage({ id: 'globalError.connection' })
            : failure instanceof Error
              ? failure.message
              : intl.formatMessage(authMessages.loginFailed),
      );
    }
  }

  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 p-6">
      <div className="flex justify-end">
        <LocaleSelect hideLabel={false} />
      </div>
      <Card className="p-6">
        <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'signin.title' })}</h1>
        <p className="mt-1 text-fg-muted">{intl.formatMessage({ id: 'signin.subtitle' })}</p>
        <form noValidate onSubmit={onSubmit} className="mt-6 flex flex-col gap-4">
          <TextField
            label={intl.formatMessage({ id: 'signin.email' })}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={setEmail}
            isRequired
          />
          <PasswordField
            label={intl.formatMessage({ id: 'signin.password' })}
            showLabel={intl.formatMessage({ id: 'signin.showPassword' })}
            hideLabel={intl.formatMessage({ id: 'signin.hidePassword' })}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            isRequired
          />
          {error && (
            <p role="alert" className="text-sm text-danger-fg">
              {error}
            </p>
          )}
          <Button type="submit" isPending={signIn.isPending}>
            {intl.formatMessage({ id: 'signin.submit' })}
          </Button>
        </form>
      </Card>
    </main>
  );
}
