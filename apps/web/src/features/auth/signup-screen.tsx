/**
 * /signup (docs/product.md#accounts-and-sessions and #errors-and-messages): name, email,
 * password with the live requirements checklist, confirm password, and the terms checkbox
 * linking /terms and /privacy; sign-up with the external provider when configured.
 * Validation is the domain's sign-up form schema, one message per field, each cleared when
 * its field is edited; focus goes to the first invalid field. On success (`POST
 * /auth/email/signup` 201, or back from the provider) the user goes to the safe `?from=`
 * path kept from /signin (domain `afterSignInPath`), else /dashboard; the link back to
 * /signin keeps it too. A 409 `email_taken` is shown on the email field; other failures
 * show the server's message or 'Registration failed. Please try again.'.
 *
 * The schema (zod) loads on the form's first focus, not with the page
 * (forms/load-validation.ts).
 */
import { useSignUp } from '@solar/api/react';
import {
  afterSignInPath,
  authMessages,
  globalErrorMessages,
  ROUTES,
  withSafeFrom,
} from '@solar/domain';
import { Button, Checkbox, Link, PasswordField, TextField } from '@solar/ui';
import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { useLocale } from '../../app/intl.tsx';
import { useNotify } from '../../app/notices.tsx';
import { AuthPage, FormAlert } from './auth-page.tsx';
import { failureText, isServiceFailure } from './failure-text.ts';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';
import { ExternalSignInButton } from './external-sign-in-button.tsx';
import { checklistLabels } from './password-checklist.ts';

type Field = 'name' | 'email' | 'password' | 'confirmPassword' | 'terms';
const FIELDS: readonly Field[] = ['name', 'email', 'password', 'confirmPassword', 'terms'];

interface Values {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}

const EMPTY: Values = { name: '', email: '', password: '', confirmPassword: '', terms: false };

export default function SignUpScreen() {
  const intl = useIntl();
  const [, navigate] = useLocation();
  // Where a visitor sent to sign in was going (docs/product.md#accounts-and-sessions).
  const from = new URLSearchParams(useSearch()).get('from');
  const notify = useNotify();
  const signUp = useSignUp();
  // The interface language becomes the account's mail language (docs/product.md#mail).
  const { locale } = useLocale();
  const termsErrorId = useId();
  const { connect, values, errorText, edit, field, validate, showServerErrors } = useForm(
    FIELDS,
    EMPTY,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const t = (id: string) => intl.formatMessage({ id });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const schemas = await loadValidation();
    if (!schemas) return setFailure(intl.formatMessage(globalErrorMessages.connection));
    const data = validate(schemas.signUpFormSchema);
    if (!data) return;
    const { name, email, password, confirmPassword } = data;
    try {
      await signUp.mutateAsync({ name, email, password, confirmPassword, locale });
      navigate(afterSignInPath(from), { replace: true });
    } catch (error) {
      if (showServerErrors(error)) return;
      const text = failureText(intl, error, authMessages.registrationFailed);
      setFailure(text);
      if (isServiceFailure(error)) notify({ kind: 'error', message: text });
    }
  }

  const termsError = errorText('terms');
  return (
    <AuthPage
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <>
          {t('signup.haveAccount')}{' '}
          <Link href={withSafeFrom(ROUTES.signIn, from)}>{t('signup.signInLink')}</Link>
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
        <TextField label={t('signup.name')} {...field('name')} autoComplete="name" isRequired />
        <TextField
          label={t('signup.email')}
          type="email"
          {...field('email')}
          autoComplete="email"
          isRequired
        />
        <PasswordField
          label={t('signup.password')}
          showLabel={t('signup.showPassword')}
          hideLabel={t('signup.hidePassword')}
          {...field('password')}
          autoComplete="new-password"
          {...checklistLabels(intl)}
          isRequired
        />
        <PasswordField
          label={t('signup.confirmPassword')}
          showLabel={t('signup.showConfirm')}
          hideLabel={t('signup.hideConfirm')}
          {...field('confirmPassword')}
          autoComplete="new-password"
          isRequired
        />
        <div className="flex flex-col gap-1.5">
          <Checkbox
            name="terms"
            isSelected={values.terms}
            onChange={edit('terms')}
            isInvalid={Boolean(termsError)}
            {...(termsError ? { 'aria-describedby': termsErrorId } : {})}
          >
            {intl.formatMessage(
              { id: 'signup.terms' },
              {
                terms: (chunks) => (
                  <Link href={ROUTES.terms} target="_blank">
                    {chunks}
                  </Link>
                ),
                privacy: (chunks) => (
                  <Link href={ROUTES.privacy} target="_blank">
                    {chunks}
                  </Link>
                ),
              },
            )}
          </Checkbox>
          {termsError && (
            <p id={termsErrorId} className="text-xs font-medium text-danger-fg">
              {termsError}
            </p>
          )}
        </div>
        {failure && <FormAlert>{failure}</FormAlert>}
        <Button type="submit" isPending={signUp.isPending}>
          {t('signup.submit')}
        </Button>
      </form>
      <ExternalSignInButton mode="signUp" from={from} onError={setFailure} />
    </AuthPage>
  );
}
