/**
 * An email change waiting for its confirmation link on the profile
 * (docs/decisions/034-secure-email-change.md): the new address, that the email stays the
 * current one until the link is opened, 'Send the link again'
 * (`POST /auth/email/change/resend`) and 'Cancel the change' (`DELETE /auth/email/change`),
 * each with its outcome. After a cancel the profile no longer has a pending address and
 * this part goes; `onCancelled` lets the profile say so.
 */
import type { MeResponse } from '@solar/domain';
import { useCancelEmailChange, useResendEmailChange } from '@solar/api/react';
import { Button } from '@solar/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';

export interface PendingEmailChangeProps {
  /** The signed-in user with a `pendingEmail`. */
  me: MeResponse & { pendingEmail: string };
  /** Called once the change is cancelled. */
  onCancelled: () => void;
}

/** The waiting change with its two actions. */
export function PendingEmailChange({ me, onCancelled }: PendingEmailChangeProps) {
  const intl = useIntl();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const [outcome, setOutcome] = useState<'sent' | 'sendFailed' | 'cancelFailed' | null>(null);
  const t = (id: string) => intl.formatMessage({ id });
  const address = (email: string) => <strong className="break-words">{email}</strong>;

  async function sendAgain() {
    setOutcome(null);
    try {
      await resend.mutateAsync();
      setOutcome('sent');
    } catch {
      setOutcome('sendFailed');
    }
  }

  async function drop() {
    setOutcome(null);
    try {
      await cancel.mutateAsync();
      onCancelled();
    } catch {
      setOutcome('cancelFailed');
    }
  }

  return (
    <section
      aria-labelledby="pending-email-title"
      className="flex flex-col gap-3 rounded-control border border-border bg-surface-sunken px-4 py-3 text-sm"
    >
      <h3 id="pending-email-title" className="font-semibold">
        {t('profile.pendingTitle')}
      </h3>
      <p>
        {intl.formatMessage(
          { id: 'profile.pendingBody' },
          { pendingEmail: address(me.pendingEmail), email: address(me.email) },
        )}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onPress={() => void sendAgain()}
          isPending={resend.isPending}
          isDisabled={cancel.isPending}
        >
          {t('profile.pendingResend')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onPress={() => void drop()}
          isPending={cancel.isPending}
          isDisabled={resend.isPending}
        >
          {t('profile.pendingCancel')}
        </Button>
      </div>
      {outcome === 'sent' && (
        <p role="status" className="text-success-fg">
          {intl.formatMessage(
            { id: 'profile.pendingResent' },
            { pendingEmail: address(me.pendingEmail) },
          )}
        </p>
      )}
      {outcome === 'sendFailed' && (
        <p role="alert" className="text-danger-fg">
          {t('profile.pendingResendFailed')}
        </p>
      )}
      {outcome === 'cancelFailed' && (
        <p role="alert" className="text-danger-fg">
          {t('profile.pendingCancelFailed')}
        </p>
      )}
    </section>
  );
}
