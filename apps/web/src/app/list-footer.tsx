/**
 * The footer of a paged list (docs/product.md#user-administration; the users list and the projects
 * list): rows per page, "1–10 of 13" (announced politely as it changes) and the pager. Its words
 * are the list's own messages under `prefix`: `.pageSize`, `.range` ({from}, {to}, {total}),
 * `.pagination`, `.previous`, `.next`, `.firstPage`, `.lastPage`, `.page` ({page}).
 */
import type { PageSize } from '@solar/domain';
import { PageSizeSelect, Pagination } from '@solar/ui';
import { useIntl } from 'react-intl';

export interface ListFooterProps {
  /** The list's message prefix, e.g. `users.list`. */
  prefix: string;
  /** The page shown (1-based) and the rows per page. */
  page: number;
  size: PageSize;
  /** The loaded page, once there is one. */
  data:
    | {
        pageNumber: number;
        pageSize: number;
        totalCount: number;
        totalPages: number;
        items: readonly unknown[];
      }
    | undefined;
  /** Asks for another page or page size (a new size starts at page 1). */
  update: (changes: { page?: number; size?: PageSize }) => void;
}

/** Rows per page, the range shown and the pager. */
export function ListFooter({ prefix, page, size, data, update }: ListFooterProps) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, number>) =>
    intl.formatMessage({ id: `${prefix}.${key}` }, values);
  return (
    <footer className="flex flex-wrap items-center justify-between gap-4">
      <PageSizeSelect
        label={t('pageSize')}
        value={size}
        onChange={(next: PageSize) => update({ size: next, page: 1 })}
      />
      {data && data.totalCount > 0 && (
        <p className="text-sm text-fg-muted" aria-live="polite">
          {t('range', {
            from: (data.pageNumber - 1) * data.pageSize + 1,
            to: (data.pageNumber - 1) * data.pageSize + data.items.length,
            total: data.totalCount,
          })}
        </p>
      )}
      <Pagination
        page={page}
        totalPages={data?.totalPages ?? 0}
        onPageChange={(next) => update({ page: next })}
        labels={{
          nav: t('pagination'),
          previous: t('previous'),
          next: t('next'),
          first: t('firstPage'),
          last: t('lastPage'),
          page: (n) => t('page', { page: n }),
        }}
      />
    </footer>
  );
}
