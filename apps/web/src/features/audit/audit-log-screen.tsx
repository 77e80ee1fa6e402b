/**
 * /audit-log (docs/product.md#audit-log; canViewAuditLog only, the route guard sends others to
 * /dashboard): every change to an account or a project from `GET /audit-events`, newest first.
 *
 * - Filters: target type, action, the period's first and last UTC day, and the person or
 *   the target chosen from a row ("Only this person", "Only this target"), shown as chips.
 * - The table: when (local date and time), who, what (the action's label, the raw action when
 *   unknown), the target (a link to its page) and "field: before → after" per changed field.
 * - Rows per page 10/25/50/100 (default 25), first/previous/next/last page buttons; the
 *   previous page stays visible under a loading bar while the next loads.
 * - Empty: 'No events match these filters' with Clear filters; failure: the toast and Try
 *   again. Export CSV downloads every row of the filters.
 * Page, size and filters live in the URL query (audit-state.ts).
 */
import type { AuditEvent } from '@solar/domain';
import { Button, DataTable, EmptyState, InfoIcon, LoadError, SearchIcon } from '@solar/ui';
import { useIntl } from 'react-intl';
import { ListFooter } from '../../app/list-footer.tsx';
import { SignedInShell } from '../../app/shell.tsx';
import { AuditFilters } from './audit-filters.tsx';
import { useAuditColumns, type AuditColumn } from './audit-columns.tsx';
import { auditStateToFilters, CLEARED_FILTERS } from './audit-state.ts';
import { AuditExportButton } from './export-csv.tsx';
import { useAuditLog } from './use-audit-log.ts';

export default function AuditLogScreen() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { state, query, data, failure, filtered, loading, update } = useAuditLog();
  const columns = useAuditColumns(update);
  const rows = data?.items ?? [];
  const failed = query.isError ? <div className="h-40" /> : null;

  return (
    <SignedInShell>
      <div className="flex flex-col gap-6">
        <header className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex max-w-prose flex-col gap-1">
            <h1 className="text-2xl font-semibold">{t('audit.log.title')}</h1>
            <p className="text-sm text-fg-muted">{t('audit.log.intro')}</p>
          </div>
          <AuditExportButton filters={auditStateToFilters(state)} />
        </header>

        <AuditFilters state={state} rows={rows} update={update} />

        {query.isError && (
          <LoadError
            message={intl.formatMessage(failure)}
            onRetry={() => void query.refetch()}
            retryLabel={t('audit.log.retry')}
          />
        )}

        <DataTable<AuditEvent, AuditColumn>
          caption={t('audit.log.caption')}
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          isLoading={loading}
          loadingLabel={t('audit.log.loading')}
          isFiltered={filtered}
          emptyState={failed ?? <EmptyState icon={<InfoIcon />} title={t('audit.log.empty')} />}
          filteredEmptyState={
            failed ?? (
              <EmptyState
                icon={<SearchIcon />}
                title={t('audit.log.emptyFiltered')}
                action={
                  <Button variant="secondary" onPress={() => update(CLEARED_FILTERS)}>
                    {t('audit.log.clearFilters')}
                  </Button>
                }
              />
            )
          }
        />

        <ListFooter
          prefix="audit.log"
          page={state.page}
          size={state.size}
          data={data}
          update={update}
        />
      </div>
    </SignedInShell>
  );
}
