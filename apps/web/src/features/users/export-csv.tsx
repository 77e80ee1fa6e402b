/**
 * "Export CSV" on the users list: every user of the current search,
 * filters and sort, fetched page by page (`GET /admin/users`, 100 a page, the list's own
 * call), written by papaparse's `unparse` (loaded only when the button is pressed) and
 * downloaded as `users-YYYY-MM-DD.csv`. Columns: name, email, user type, status, email
 * verified (translated headers and values), created and last login (ISO 8601, UTC; empty
 * when never). A UTF-8 byte order mark lets spreadsheets read Cyrillic names; cells that
 * start like a formula are escaped. The button shows how many users are fetched so far.
 */
import type { AdminUserListParams } from '@solar/api';
import { saveBlob, useApiClient } from '@solar/api/react';
import { roleMessages, userMessages, userTypeToRole, type AdminUserListItem } from '@solar/domain';
import { Button } from '@solar/ui';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';

/** Users a page while exporting (the contract's largest page). */
export const EXPORT_PAGE_SIZE = 100;

/** The CSV rows (header first) of `users`, texts in the interface language. */
export function csvRows(intl: IntlShape, users: readonly AdminUserListItem[]): string[][] {
  const t = (id: string) => intl.formatMessage({ id });
  const header = ['name', 'email', 'userType', 'status', 'emailVerified', 'createdAt', 'lastLogin'];
  return [
    header.map((column) => t(`users.list.column.${column}`)),
    ...users.map((user) => {
      const role = userTypeToRole(user.userType);
      return [
        user.name,
        user.email,
        role ? intl.formatMessage(roleMessages[role]) : String(user.userType),
        intl.formatMessage(user.isActive ? userMessages.active : userMessages.inactive),
        intl.formatMessage(user.emailConfirmed ? userMessages.verified : userMessages.unverified),
        user.createdAt,
        user.lastLoginAt ?? '',
      ];
    }),
  ];
}

/** The Export CSV button for the list query `params` (its page and size are ignored). */
export function ExportCsvButton({ params }: { params: AdminUserListParams }) {
  const intl = useIntl();
  const api = useApiClient();
  const notify = useNotify();
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);

  const run = async () => {
    setProgress({ loaded: 0, total: 0 });
    try {
      const papa = import('papaparse');
      const users: AdminUserListItem[] = [];
      for (let pageNumber = 1; ; pageNumber += 1) {
        const page = await api.adminUsers.list({
          ...params,
          pageNumber,
          pageSize: EXPORT_PAGE_SIZE,
        });
        users.push(...page.items);
        setProgress({ loaded: users.length, total: page.totalCount });
        if (pageNumber >= page.totalPages || page.items.length === 0) break;
      }
      const { unparse } = await papa;
      const csv = unparse(csvRows(intl, users), { escapeFormulae: true });
      saveBlob(
        new Blob([`\uFEFF${csv}`], { type: 'text/csv;charset=utf-8' }),
        `users-${new Date().toISOString().slice(0, 10)}.csv`,
      );
      notify({
        kind: 'success',
        message: intl.formatMessage({ id: 'users.export.done' }, { count: users.length }),
      });
    } catch {
      notify({ kind: 'error', message: intl.formatMessage({ id: 'users.export.failed' }) });
    } finally {
      setProgress(null);
    }
  };

  const label = progress
    ? intl.formatMessage({ id: 'users.export.progress' }, progress)
    : intl.formatMessage({ id: 'users.export.button' });
  return (
    <>
      <Button variant="secondary" isDisabled={progress !== null} onPress={() => void run()}>
        {progress && (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-pill border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        )}
        {label}
      </Button>
      <span role="status" className="sr-only">
        {progress ? label : ''}
      </span>
    </>
  );
}
