/**
 * The 404 page's developer toast test buttons (docs/product.md#errors-and-messages: "developer
 * toast test buttons marked for removal"), one per toast kind. Rendered only in development builds:
 * the 404 screen includes them behind `import.meta.env.DEV`, so production bundles drop them.
 */
import { Button } from '@solar/ui';
import { useIntl } from 'react-intl';
import type { NoticeKind } from '../../app/events.ts';
import { useNotify } from '../../app/notices.tsx';

/** The toast kinds, in button order. */
export const DEV_TOAST_KINDS: readonly NoticeKind[] = ['success', 'error', 'warning', 'info'];

/** A button per toast kind that raises a sample toast of that kind. */
export function DevToastButtons() {
  const intl = useIntl();
  const notify = useNotify();
  return (
    <section
      aria-labelledby="dev-toasts"
      className="mt-4 flex flex-col gap-3 rounded-card border border-dashed border-border-strong p-4"
    >
      <h2 id="dev-toasts" className="text-sm font-semibold">
        {intl.formatMessage({ id: 'notFound.devTitle' })}
      </h2>
      <div className="flex flex-wrap justify-center gap-2">
        {DEV_TOAST_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="sm"
            onPress={() =>
              notify({
                kind,
                title: intl.formatMessage({ id: `notFound.devToast.${kind}.title` }),
                message: intl.formatMessage({ id: 'notFound.devToast.body' }),
              })
            }
          >
            {intl.formatMessage({ id: `notFound.devToast.${kind}.button` })}
          </Button>
        ))}
      </div>
    </section>
  );
}
