/**
 * SavedViews (docs/product.md#saved-views): the signed-in user's named filters of one list,
 * kept on the server, above the list's table. A "Saved views" select lists them by name
 * (choosing one opens the list with its query; it shows the view the URL matches);
 * "Save this view…" asks a name in a dialog and saves the current URL query (a name
 * already saved for the list is replaced); while the URL matches a view, "Delete view"
 * removes it after a confirmation. Loading, empty and error states show in place of the
 * choices. Takes no props but the list and classes: the query is the URL's.
 */
import { useDeleteView, useSavedViews } from '@solar/api/react';
import type { SavedView, SavedViewList } from '@solar/domain';
import { Button, Select, cn, type ConfirmDialogProps } from '@solar/ui';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { useNotify } from '../../app/notices.tsx';
import { retryableLazy } from '../../app/retryable-lazy.tsx';
import { SaveViewDialog } from './save-view-dialog.tsx';

/** The delete confirmation (Radix Dialog) loads when first asked for, not with the list. */
const ConfirmDialog = retryableLazy<ConfirmDialogProps>(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.ConfirmDialog })),
);

export interface SavedViewsProps {
  /** The list whose views are shown and saved. */
  list: SavedViewList;
  /** Extra classes of the control's row (e.g. a grid span). @default undefined */
  className?: string;
}

/** The saved views control of one list (see the file comment). */
export function SavedViews({ list, className }: SavedViewsProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const views = useSavedViews(list);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const current = views.data?.find((view) => view.query === search) ?? null;

  const apply = (id: string) => {
    const view = views.data?.find((v) => v.id === id);
    if (view) navigate(view.query ? `${location}?${view.query}` : location);
  };

  let choices;
  if (views.isPending) {
    choices = (
      <Select
        label={t('savedViews.label')}
        options={[]}
        isDisabled
        placeholder={t('savedViews.loading')}
      />
    );
  } else if (views.isError) {
    choices = (
      <div className="flex flex-col gap-1.5 text-sm">
        <span className="font-medium">{t('savedViews.label')}</span>
        <p role="alert" className="flex flex-wrap items-center gap-2 text-danger-fg">
          <span>{t('savedViews.loadFailed')}</span>
          <Button variant="ghost" size="sm" onPress={() => void views.refetch()}>
            {t('savedViews.retry')}
          </Button>
        </p>
      </div>
    );
  } else {
    choices = (
      <Select
        label={t('savedViews.label')}
        options={views.data.map((view) => ({ id: view.id, label: view.name }))}
        value={current?.id ?? null}
        onChange={apply}
        isDisabled={views.data.length === 0}
        placeholder={t(views.data.length === 0 ? 'savedViews.empty' : 'savedViews.choose')}
        className="w-full min-w-0 sm:w-72"
      />
    );
  }

  return (
    <div className={cn('flex flex-wrap items-end gap-2', className)} data-slot="saved-views">
      {choices}
      <Button variant="secondary" onPress={() => setSaving(true)}>
        {t('savedViews.save')}
      </Button>
      {current && (
        <Button variant="ghost" onPress={() => setDeleting(true)}>
          {t('savedViews.delete', { name: current.name })}
        </Button>
      )}
      {saving && (
        <SaveViewDialog
          list={list}
          query={search}
          initialName={current?.name ?? ''}
          onClose={() => setSaving(false)}
        />
      )}
      {current && deleting && (
        <Suspense fallback={null}>
          <DeleteViewDialog list={list} view={current} onClose={() => setDeleting(false)} />
        </Suspense>
      )}
    </div>
  );
}

/** Asks before deleting `view`; a toast says it is gone. */
function DeleteViewDialog({
  list,
  view,
  onClose,
}: {
  list: SavedViewList;
  view: SavedView;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const notify = useNotify();
  const remove = useDeleteView(list);
  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => {
        if (!next && !remove.isPending) onClose();
      }}
      title={t('savedViews.deleteTitle', { name: view.name })}
      description={t('savedViews.deleteDescription')}
      confirmLabel={t('savedViews.deleteConfirm')}
      cancelLabel={t('savedViews.cancel')}
      closeLabel={t('savedViews.close')}
      tone="danger"
      isPending={remove.isPending}
      onConfirm={() =>
        remove.mutate(view.id, {
          onSuccess: () =>
            notify({ kind: 'success', message: t('savedViews.deleted', { name: view.name }) }),
          onError: () => notify({ kind: 'error', message: t('savedViews.deleteFailed') }),
          onSettled: onClose,
        })
      }
    />
  );
}
