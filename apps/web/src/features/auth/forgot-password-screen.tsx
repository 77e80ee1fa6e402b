/**
 * /forgot-password (docs/product.md#accounts-and-sessions): an email form whose submit stays
 * disabled while the field is empty; `POST /auth/password/forgot` (202, the same answer for unknown
 * emails) shows the success panel, whose 'try a different email' action returns to an
 * empty form. Validation: the domain's forgot-password schema ('Please enter a valid email
 * address'). Failures show the server's message, the rate-limit message, or 'Something
 * went wrong. Please try again later.'.
 *
 * The schema (zod) loads on the form's first focus, not with the page
 * (forms/load-validation.ts).
 */
import { useForgotPassword } from '@solar/api/react';
import { authMessages, globalErrorMessages, ROUTES } from '@solar/domain';
import { Button, Link, TextField } from '@solar/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';
import { AuthPage, FormAlert } from './auth-page.tsx';
import { failureText, isServiceFailure } from './failure-text.ts';
import { loadValidation, preloadValidation } from '../../forms/load-validation.ts';
import { useForm } from '../../forms/use-form.ts';

const FIELDS = ['email'] as const;

export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const notify = useNotify();
  const forgot = useForgotPassword();
  const { connect, values, field, validate, reset } = useForm(FIELDS, { email: '' });
  const { email } = values;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  // The confirmation's heading takes the focus when it appears.
  useEffect(() => {
    if (sentTo !== null) panelHeading.current?.focus();
  }, [sentTo]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    const schemas = await loadValidation();
    if (!schemas) return setFailure(intl.formatMessage(globalErrorMessages.connection));
    const data = validate(schemas.forgotPasswordSchema);
    if (!data) return;
    try {
      await forgot.mutateAsync(data);
      setSentTo(data.email);
    } catch (error) {
      const text = failureText(intl, error, authMessages.somethingWentWrong);
      setFailure(text);
      if (isServiceFailure(error)) notify({ kind: 'error', message: text });
    }
  }

  function tryAnother() {
    reset();
    setSentTo(null);
    // Back on the form: the email box takes the focus once it is on screen again.
    requestAnimationFrame(() => input.current?.focus());
  }

  return (
    <AuthPage
      title={t('forgotPassword.title')}
      {...(sentTo === null ? { subtitle: t('forgotPassword.subtitle') } : {})}
      footer={<Link href={ROUTES.signIn}>{t('forgotPassword.backToSignIn')}</Link>}
    >
      {sentTo === null ? (
        <form
          ref={connect}
          noValidate
          onFocus={preloadValidation}
          onSubmit={onSubmit}
          className="flex flex-col gap-4"
        >
          <TextField
            label={t('forgotPassword.email')}
            type="email"
            {...field('email')}
            autoComplete="email"
            inputRef={input}
            isRequired
          />
          {failure && <FormAlert>{failure}</FormAlert>}
          <Button type="submit" isDisabled={email.trim() === ''} isPending={forgot.isPending}>
            {t('forgotPassword.submit')}
          </Button>
        </form>
      ) : (
        <section
          aria-labelledby="forgot-sent-title"
          className="flex flex-col gap-3 rounded-control bg-success-soft p-4"
        >
          <h2
            id="forgot-sent-title"
            ref={panelHeading}
            tabIndex={-1}
            className="text-lg font-semibold outline-none"
          >
            {t('forgotPassword.sentTitle')}
          </h2>
          <p>{t('forgotPassword.sentBody', { email: sentTo })}</p>
          <p className="text-sm text-fg-muted">{t('forgotPassword.sentHint')}</p>
          <Button variant="secondary" onPress={tryAnother}>
            {t('forgotPassword.tryAnother')}
          </Button>
        </section>
      )}
    </AuthPage>
  );
}
