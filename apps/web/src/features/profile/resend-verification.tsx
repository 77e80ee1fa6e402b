/** 'Send the link again' for an unverified email (`POST /auth/email/verify/resend`). */
import { useResendVerification } from '@solar/api/react';
import { Button } from '@solar/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';

/** 'Send the link again' for an unverified email, with its outcome. */
export function ResendVerification() {
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
