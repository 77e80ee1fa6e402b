/**
 * Bulk activate / deactivate on the users list: a Select column (one
 * checkbox per row, "Select {name}", and in its header "Select all on this page": checked when
 * every selectable row of the page shown is, mixed when some are; it selects or clears exactly
 * those rows) and, while any row is selected, a bar with Activate and
 * Deactivate. Each asks first (a confirmation naming the count), then sends the existing
 * `PUT /admin/users/{id}` for each selected user in turn (the row's fields with the new
 * `isActive`), refreshes the list and says how many changed. The signed-in admin is never
 * deactivated: their row is skipped, and the bar says so. The selection belongs to the list
 * view it was made in: a new search, filter, sort or page starts empty.
 */
import { invalidate, useApiClient, useApiQueryClient } from '@solar/api/react';
import { useSession } from '@solar/api/react/provider';
import type { AdminUserListItem } from '@solar/domain';
import {
  Button,
  Checkbox,
  InfoIcon,
  type ConfirmDialogProps,
  type DataTableColumn,
} from '@solar/ui';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';
import { retryableLazy } from '../../app/retryable-lazy.tsx';

type Change = 'activate' | 'deactivate';

/**
 * The selection for list view `viewKey` (the URL query): the selected rows by id, the
 * Select column and the bar's state.
 */
export function useBulkSelection(viewKey: string) {
  const [selection, setSelection] = useState<{
    key: string;
    rows: ReadonlyMap<string, AdminUserListItem>;
  }>({ key: viewKey, rows: new Map() });
  const rows = selection.key === viewKey ? selection.rows : new Map<string, AdminUserListItem>();
  const toggle = (row: AdminUserListItem, selected: boolean) => {
    const next = new Map(rows);
    if (selected) next.set(row.id, row);
    else next.delete(row.id);
    setSelection({ key: viewKey, rows: next });
  };
  /** Selects (or clears) all of `page` at once: the header's "Select all on this page". */
  const toggleAll = (page: readonly AdminUserListItem[], selected: boolean) => {
    const next = new Map(rows);
    for (const row of page) {
      if (selected) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelection({ key: viewKey, rows: next });
  };
  const clear = () => setSelection({ key: viewKey, rows: new Map() });
  return {
    selected: [...rows.values()],
    isSelected: (id: string) => rows.has(id),
    toggle,
    toggleAll,
    clear,
  };
}

/** The confirmation dialog (Radix Dialog) loads when first asked for, not with the list. */
const ConfirmDialog = retryableLazy<ConfirmDialogProps>(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

/** What `useBulkSelection` returns. */
export type BulkSelection = ReturnType<typeof useBulkSelection>;

/**
 * The Select column: a checkbox per row named "Select {name}" and, in the header, "Select all
 * on this page" over `page` (the rows shown). Every row can be selected; the admin's own row is
 * skipped only by Deactivate.
 */
export function useSelectColumn<C extends string>(
  id: C,
  selection: BulkSelection,
  page: readonly AdminUserListItem[],
): DataTableColumn<AdminUserListItem, C> {
  const intl = useIntl();
  const count = page.filter((row) => selection.isSelected(row.id)).length;
  const all = page.length > 0 && count === page.length;
  return {
    id,
    header: intl.formatMessage({ id: 'users.bulk.selectColumn' }),
    hideHeader: true,
    phone: 'action',
    headerControl: (
      <Checkbox
        isSelected={all}
        isIndeterminate={count > 0 && !all}
        isDisabled={page.length === 0}
        // Mixed or none -> all; all -> none (the usual header checkbox cycle).
        onChange={() => selection.toggleAll(page, !all)}
      >
        <span className="sr-only">{intl.formatMessage({ id: 'users.bulk.selectPage' })}</span>
      </Checkbox>
    ),
    cell: (row) => (
      <Checkbox
        isSelected={selection.isSelected(row.id)}
        onChange={(selected) => selection.toggle(row, selected)}
      >
        <span className="sr-only">
          {intl.formatMessage({ id: 'users.bulk.select' }, { name: row.name })}
        </span>
      </Checkbox>
    ),
  };
}

/** The bar above the table while rows are selected: the count, Activate, Deactivate, Clear. */
export function BulkStatusBar({ selection }: { selection: BulkSelection }) {
  const intl = useIntl();
  const api = useApiClient();
  const queries = useApiQueryClient();
  const notify = useNotify();
  const ownId = useSession().user?.id;
  const [confirming, setConfirming] = useState<Change | null>(null);
  const [running, setRunning] = useState(false);
  const { selected } = selection;
  if (selected.length === 0) return null;

  const selfSelected = selected.some((row) => row.id === ownId);
  const targets = (change: Change) =>
    change === 'deactivate' ? selected.filter((row) => row.id !== ownId) : selected;
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);

  const apply = async (change: Change) => {
    const users = targets(change);
    const isActive = change === 'activate';
    setRunning(true);
    let done = 0;
    const failed: string[] = [];
    // One at a time: the server checks each change (e.g. the last admin) against the last.
    for (const user of users) {
      try {
        await api.adminUsers.setActive(user.id, isActive);
        done += 1;
      } catch {
        failed.push(user.name);
      }
    }
    await invalidate.adminUsers(queries);
    setRunning(false);
    setConfirming(null);
    selection.clear();
    if (done > 0) {
      notify({ kind: 'success', message: t(`users.bulk.${change}d`, { count: done }) });
    }
    if (failed.length > 0) {
      notify({
        kind: 'error',
        message: t('users.bulk.failed', { count: failed.length, names: failed.join(', ') }),
      });
    }
  };

  const dialog = (change: Change) => (
    <ConfirmDialog
      open={confirming === change}
      onOpenChange={(open) => {
        if (!running) setConfirming(open ? change : null);
      }}
      title={t(`users.bulk.${change}Title`, { count: targets(change).length })}
      description={t(`users.bulk.${change}Description`)}
      confirmLabel={t(`users.bulk.${change}`)}
      cancelLabel={t('users.bulk.cancel')}
      closeLabel={t('users.bulk.close')}
      tone={change === 'deactivate' ? 'danger' : 'primary'}
      isPending={running}
      onConfirm={() => void apply(change)}
    />
  );

  return (
    <section
      aria-label={t('users.bulk.label')}
      className="flex flex-col gap-2 rounded-card border border-brand-accent/40 bg-brand-soft p-3"
    >
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm font-medium" aria-live="polite">
          {t('users.bulk.selected', { count: selected.length })}
        </p>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <Button variant="secondary" size="sm" onPress={() => setConfirming('activate')}>
            {t('users.bulk.activate')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            isDisabled={targets('deactivate').length === 0}
            onPress={() => setConfirming('deactivate')}
          >
            {t('users.bulk.deactivate')}
          </Button>
          <Button variant="ghost" size="sm" onPress={selection.clear}>
            {t('users.bulk.clear')}
          </Button>
        </div>
      </div>
      {selfSelected && (
        <p className="flex items-center gap-1.5 text-xs text-fg-muted">
          <InfoIcon className="size-3.5 shrink-0" />
          {t('users.bulk.selfSkipped')}
        </p>
      )}
      {confirming !== null && (
        <Suspense fallback={null}>
          {dialog('activate')}
          {dialog('deactivate')}
        </Suspense>
      )}
    </section>
  );
}
