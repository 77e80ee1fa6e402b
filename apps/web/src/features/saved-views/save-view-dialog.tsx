/**
 * The "Save this view" dialog of the saved views control (docs/product.md#saved-views): a
 * name (1..60 characters) checked with the request's schema, Save and Cancel. A name
 * already saved for the list replaces that view; at the limit of 20 views the dialog says
 * to delete one first. The dialog's code loads when it first opens and the schema (zod) on
 * the first Save, so the lists that show this control do not download them up front.
 */
import { ApiError } from '@solar/api';
import { useSaveView } from '@solar/api/react';
import {
  SAVED_VIEW_NAME_MAX,
  SAVED_VIEW_QUERY_MAX,
  savedViewMessages,
  type SavedViewList,
} from '@solar/domain';
import { Button, TextField, type DialogProps } from '@solar/ui';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNotify } from '../../app/notices.tsx';
import { useForm } from '../../forms/use-form.ts';
import { retryableLazy } from '../../app/retryable-lazy.tsx';

/** The dialog (Radix Dialog) loads when first opened, not with the list. */
const Dialog = retryableLazy<DialogProps>(() =>
  import('@solar/ui/dialog').then((m) => ({ default: m.Dialog })),
);

/** The "Save this view" dialog: a name (1..60 characters), Save and Cancel. */
export function SaveViewDialog({
  list,
  query,
  initialName,
  onClose,
}: {
  list: SavedViewList;
  query: string;
  initialName: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const notify = useNotify();
  const save = useSaveView();
  const [failure, setFailure] = useState<string | null>(null);
  const { connect, field, values, validate, showServerErrors } = useForm(['name'] as const, {
    name: initialName,
  });

  const submit = async () => {
    setFailure(null);
    if (query.length > SAVED_VIEW_QUERY_MAX) {
      setFailure(intl.formatMessage(savedViewMessages.queryTooLong));
      return;
    }
    const { savedViewRequestSchema } = await import('@solar/domain/saved-view-requests');
    const body = validate(savedViewRequestSchema, { list, name: values.name, query } as never);
    if (!body) return;
    try {
      const view = await save.mutateAsync(body);
      notify({
        kind: 'success',
        message: intl.formatMessage({ id: 'savedViews.saved' }, { name: view.name }),
      });
      onClose();
    } catch (error) {
      if (showServerErrors(error)) return;
      setFailure(
        error instanceof ApiError && error.status === 409
          ? intl.formatMessage(savedViewMessages.limit)
          : t('savedViews.saveFailed'),
      );
    }
  };

  return (
    <Suspense fallback={null}>
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open && !save.isPending) onClose();
        }}
        title={t('savedViews.saveTitle')}
        description={t('savedViews.saveDescription')}
        closeLabel={t('savedViews.close')}
      >
        <form
          ref={connect}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <TextField
            {...field('name')}
            label={t('savedViews.name')}
            maxLength={SAVED_VIEW_NAME_MAX + 20}
            isRequired
          />
          {failure && (
            <p role="alert" className="text-sm text-danger-fg">
              {failure}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
              {t('savedViews.cancel')}
            </Button>
            <Button type="submit" isPending={save.isPending}>
              {t('savedViews.submit')}
            </Button>
          </div>
        </form>
      </Dialog>
    </Suspense>
  );
}
