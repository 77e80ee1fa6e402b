/**
 * The outcome of a mailed link's page (the email change's confirm and cancel pages): an
 * h2 that takes the focus when it appears (so a screen reader reads the outcome that
 * replaced the spinner), then the page's text and actions.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

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
