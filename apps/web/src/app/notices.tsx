/**
 * Shows the notices of the app's NoticeBus as toasts, translated. Also the hook screens
 * use to raise a toast with a message descriptor.
 */
import type { MessageDescriptor } from '@solar/domain';
import { useToast } from '@solar/ui';
import { createContext, use, useCallback, useEffect, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Notice, NoticeBus } from './events.ts';

const BusContext = createContext<NoticeBus | null>(null);

function text(intl: IntlShape, value: MessageDescriptor | string, values?: Notice['values']) {
  return typeof value === 'string' ? value : intl.formatMessage(value, values);
}

/** Subscribes the toast region to the bus. */
export function NoticeBridge({ bus, children }: { bus: NoticeBus; children: ReactNode }) {
  const intl = useIntl();
  const toast = useToast();
  useEffect(
    () =>
      bus.subscribe((notice) => {
        const title = notice.title ?? notice.message;
        toast.show({
          kind: notice.kind,
          title: text(intl, title, notice.values),
          ...(notice.title ? { description: text(intl, notice.message, notice.values) } : {}),
          ...(notice.durationMs ? { duration: notice.durationMs } : {}),
        });
      }),
    [bus, intl, toast],
  );
  return <BusContext value={bus}>{children}</BusContext>;
}

/** Raises a toast: `notify({ kind: 'success', message: usersMessages.created })`. */
export function useNotify(): (notice: Notice) => void {
  const bus = use(BusContext);
  return useCallback(
    (notice: Notice) => {
      if (!bus) throw new Error('useNotify needs a NoticeBridge');
      bus.publish(notice);
    },
    [bus],
  );
}
