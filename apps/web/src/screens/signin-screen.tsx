/**
 * /signin (spec section 2): email and password form. Validation uses the domain's sign-in
 * schema (spec section 5); the server's failure message is shown when there is one.
 */
import { signInSchema } from '@solar/domain';
import { ApiError, signIn } from '@solar/api';
import { Button } from '@solar/ui';
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { http } from '../app/http.ts';
import { useSession } from '../app/session.tsx';
import { LanguageSelect } from './language-select.tsx';

export function SignInScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = signInSchema.safeParse({
      email: form.get('email'),
      password: form.get('password'),
    });
    if (!parsed.success) {
      setError(
        intl.formatMessage({ id: parsed.error.issues[0]?.message ?? 'validation.fillAllFields' }),
      );
      return;
    }
    setPending(true);
    setError(null);
    try {
      session.signedIn(await signIn(http, parsed.data));
      navigate('/dashboard');
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? intl.formatMessage({ id: 'globalError.connection' })
          : failure instanceof ApiError && failure.status === 401
            ? intl.formatMessage({ id: 'auth.loginFailed' })
            : failure instanceof Error
              ? failure.message
              : intl.formatMessage({ id: 'auth.loginFailed' }),
      );
    } finally {
      setPending(false);
    }
  }

  const field =
    'mt-1 block w-full rounded-control border border-border bg-surface-raised px-3 py-2 text-fg outline-none focus-visible:outline-2 focus-visible:outline-focus';
  return (
    <main className="mx-auto flex min-h-dvh max-w-sm flex-col justify-center gap-6 p-6">
      <div className="flex justify-end">
        <LanguageSelect />
      </div>
      <div>
        <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'signin.title' })}</h1>
        <p className="mt-1 text-fg-muted">{intl.formatMessage({ id: 'signin.subtitle' })}</p>
      </div>
      <form
        noValidate
        onSubmit={onSubmit}
        className="flex flex-col gap-4"
        aria-describedby={error ? 'signin-error' : undefined}
      >
        <label className="text-sm font-medium">
          {intl.formatMessage({ id: 'signin.email' })}
          <input name="email" type="email" autoComplete="email" required className={field} />
        </label>
        <label className="text-sm font-medium">
          {intl.formatMessage({ id: 'signin.password' })}
          <input
            name="password"
            type="password"
            autoComplete="current-password"
            required
            className={field}
          />
        </label>
        {error && (
          <p id="signin-error" role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <Button type="submit" isPending={pending}>
          {intl.formatMessage({ id: 'signin.submit' })}
        </Button>
      </form>
    </main>
  );
}
