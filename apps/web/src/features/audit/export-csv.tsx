/**
 * "Export CSV" on the audit log (docs/product.md#audit-log): every row of the current filters
 * from `GET /audit-events.csv` (the server writes the file: UTF-8 with a byte order mark,
 * formula-like cells escaped), saved as `audit-YYYY-MM-DD.csv`. While it downloads the button
 * is disabled and says "Exporting…" (announced); a toast tells the outcome.
 */
import type { AuditExportParams } from '@solar/api';
import { saveBlob, useApiClient } from '@solar/api/react';
import { Button } from '@solar/ui';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';

/** The Export CSV button for the log's `filters`. */
export function AuditExportButton({ filters }: { filters: AuditExportParams }) {
  const intl = useIntl();
  const api = useApiClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  const run = async () => {
    setBusy(true);
    try {
      const blob = await api.audit.exportCsv(filters);
      saveBlob(blob, `audit-${new Date().toISOString().slice(0, 10)}.csv`);
      notify({ kind: 'success', message: t('audit.export.done') });
    } catch {
      notify({ kind: 'error', message: t('audit.export.failed') });
    } finally {
      setBusy(false);
    }
  };

  const label = t(busy ? 'audit.export.progress' : 'audit.export.button');
  return (
    <>
      <Button variant="secondary" isDisabled={busy} onPress={() => void run()}>
        {busy && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-pill border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        )}
        {label}
      </Button>
      <span role="status" className="sr-only">
        {busy ? label : ''}
      </span>
    </>
  );
}
