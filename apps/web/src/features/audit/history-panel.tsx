/**
 * One target's audit history as a compact list (docs/product.md#audit-log): the latest 10
 * changes to a project (`GET /projects/{id}/history`, whoever may see the project) or to
 * and by an account (`GET /users/{id}/history`, canViewAuditLog), each with its time, the
 * action's label, who made it and the changed fields. Loading, empty and failed (with Try
 * again) states; with canViewAuditLog a link opens the full log filtered to the target.
 * A user's history renders nothing for a viewer without canViewAuditLog (the server would
 * refuse it); a project's is for whoever sees the project page.
 */
import { useTargetHistory } from '@solar/api/react';
import { can, ROUTES, type AuditEvent } from '@solar/domain';
import { Link, LoadError, Spinner } from '@solar/ui';
import { useId } from 'react';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { ChangeSummary } from './audit-columns.tsx';
import { auditStateToSearch, DEFAULT_AUDIT_STATE } from './audit-state.ts';
import { useAuditText } from './audit-text.ts';

/** Rows the panel shows. */
export const HISTORY_ROWS = 10;

export interface HistoryPanelProps {
  /** A project's history or an account's (its id). */
  target: { type: 'project' | 'user'; id: string };
}

function HistoryRow({ event }: { event: AuditEvent }) {
  const text = useAuditText();
  return (
    <li className="flex flex-col gap-0.5 border-t border-border py-2 first:border-t-0">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium [overflow-wrap:anywhere]">{text.action(event.action)}</span>
        <span className="text-sm [overflow-wrap:anywhere] text-fg-muted">
          {text.t('audit.history.by', { name: text.actor(event) })}
        </span>
      </div>
      <time dateTime={event.at} className="text-sm text-fg-muted">
        {text.when(event.at)}
      </time>
      <ChangeSummary event={event} />
    </li>
  );
}

/** The history section of a project or user page (nothing when the viewer may not read it). */
export function HistoryPanel({ target }: HistoryPanelProps) {
  const session = useSessionLike();
  const now = useNow();
  const mayViewLog = can(session, 'canViewAuditLog', now());
  if (target.type === 'user' && !mayViewLog) return null;
  return <HistoryList target={target} mayViewLog={mayViewLog} />;
}

function HistoryList({ target, mayViewLog }: HistoryPanelProps & { mayViewLog: boolean }) {
  const text = useAuditText();
  const { t } = text;
  const headingId = useId();
  const query = useTargetHistory(target, { pageNumber: 1, pageSize: HISTORY_ROWS });
  const page = query.data ?? { items: [], totalCount: 0 };
  const logHref = `${ROUTES.auditLog}?${auditStateToSearch({
    ...DEFAULT_AUDIT_STATE,
    targetType: target.type,
    targetId: target.id,
  })}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('audit.history.title')}
      </h2>
      {query.isPending ? (
        <Spinner label={t('audit.history.loading')} showLabel />
      ) : query.isError && !query.data ? (
        <LoadError
          message={t('audit.history.failed')}
          retryLabel={t('audit.history.retry')}
          onRetry={() => void query.refetch()}
        />
      ) : page.items.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('audit.history.empty')}</p>
      ) : (
        <>
          <ul className="flex flex-col">
            {page.items.map((event) => (
              <HistoryRow key={event.id} event={event} />
            ))}
          </ul>
          {page.totalCount > page.items.length && (
            <p className="text-sm text-fg-muted">
              {t('audit.history.more', { shown: page.items.length, total: page.totalCount })}
            </p>
          )}
        </>
      )}
      {mayViewLog && (
        <Link href={logHref} className="self-start text-sm">
          {t('audit.history.openLog')}
        </Link>
      )}
    </section>
  );
}
