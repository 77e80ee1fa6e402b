/**
 * The outcome of a mailed link's page (the email change's confirm and cancel pages): an
 * h2 that takes the focus when it appears (so a screen reader reads the outcome that
 * replaced the spinner), then the page's text and actions.
 */
import { apiMessages } from '@solar/domain';
import { Button } from '@solar/ui';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { failureText } from './failure-text.ts';

export interface MailedLinkResultProps {
  /** The outcome's heading (h2). */
  title: string;
  /** Its text and actions. */
  children: ReactNode;
  /** `alert` for a failure the user can act on at once (e.g. retry); default none. */
  role?: 'alert';
}

/** A section headed by `title`, focused when it appears. */
export function MailedLinkResult({ title, children, role }: MailedLinkResultProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <section aria-labelledby={id} role={role} className="flex flex-col gap-3">
      <h2 id={id} ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * A link's check that could not reach the server (network, 5xx, 429): the failure said
 * with what to do (`failureText`), as an alert, and a button that asks again.
 */
export function MailedLinkRetry({
  title,
  error,
  onRetry,
}: {
  /** The outcome's heading (h2). */
  title: string;
  /** The failure as the API client raised it. */
  error: unknown;
  /** Asks the server again. */
  onRetry: () => void;
}) {
  const intl = useIntl();
  return (
    <MailedLinkResult title={title} role="alert">
      <p>{failureText(intl, error, apiMessages.invalidToken)}</p>
      <div>
        <Button onPress={onRetry}>{intl.formatMessage({ id: 'emailChange.retry' })}</Button>
      </div>
    </MailedLinkResult>
  );
}
