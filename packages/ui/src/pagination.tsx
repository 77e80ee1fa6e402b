/**
 * Pagination and PageSizeSelect for the user list (docs/product.md#user-administration): first,
 * previous, at most five page buttons (the window of `pagerWindow` in @solar/domain, current
 * page centred where possible), next and last; the current page has `aria-current="page"`.
 * Below the `sm` breakpoint the arrow buttons show only their icons (their names stay).
 * PageSizeSelect offers 10, 25, 50 and 100 (PAGE_SIZES).
 */
import { PAGE_SIZES, pagerWindow, type PageSize } from '@solar/domain/paging';
import { Button } from './button.tsx';
import { cn } from './cn.ts';
import {
  ChevronLeftIcon,
  ChevronRightIcon,
  ChevronsLeftIcon,
  ChevronsRightIcon,
} from './icons.tsx';
import { Select } from './select.tsx';

export interface PaginationLabels {
  /** Landmark name of the nav ("Pagination"). */
  nav: string;
  /** Text of the previous button ("Previous"). */
  previous: string;
  /** Text of the next button ("Next"). */
  next: string;
  /** Accessible name of the first-page button ("First page"). */
  first: string;
  /** Accessible name of the last-page button ("Last page"). */
  last: string;
  /** Accessible name of a page button ("Page 3"); gets the page number. */
  page: (page: number) => string;
}

export interface PaginationProps {
  /** 1-based current page. */
  page: number;
  /** Number of pages; below 2 nothing renders. */
  totalPages: number;
  /** Called with the 1-based page the user asks for. */
  onPageChange: (page: number) => void;
  /** Translated texts and accessible names. */
  labels: PaginationLabels;
  /** Disables every button (while a page loads). @default false */
  isDisabled?: boolean;
  /** Extra classes for the `<nav>`. @default undefined */
  className?: string;
}

/**
 * First, previous, up to five page numbers, next, last. Renders nothing with fewer than two
 * pages.
 *
 * Use when a list is loaded page by page and the user may jump to a page (the users table).
 *
 * Don't use when items append as the user asks for more (a "load more" button, as in
 * `ConversationList`), or for steps of a task (use `StepIndicator`).
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  labels,
  isDisabled,
  className,
}: PaginationProps) {
  if (totalPages < 2) return null;
  const pages = pagerWindow(page, totalPages);
  return (
    <nav
      aria-label={labels.nav}
      data-slot="pagination"
      className={cn('flex items-center gap-1', className)}
    >
      <Button
        variant="ghost"
        size="sm"
        aria-label={labels.first}
        isDisabled={isDisabled || page <= 1}
        onPress={() => onPageChange(1)}
        className="px-2"
      >
        <ChevronsLeftIcon />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        isDisabled={isDisabled || page <= 1}
        onPress={() => onPageChange(page - 1)}
        className="max-sm:px-2"
      >
        <ChevronLeftIcon />
        <span className="max-sm:sr-only">{labels.previous}</span>
      </Button>
      <ul className="flex items-center gap-1">
        {pages.map((p) => (
          <li key={p}>
            <Button
              variant={p === page ? 'primary' : 'ghost'}
              size="sm"
              aria-label={labels.page(p)}
              aria-current={p === page ? 'page' : undefined}
              isDisabled={isDisabled}
              onPress={() => onPageChange(p)}
              className="min-w-8 px-2 tabular-nums"
            >
              {p}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="ghost"
        size="sm"
        isDisabled={isDisabled || page >= totalPages}
        onPress={() => onPageChange(page + 1)}
        className="max-sm:px-2"
      >
        <span className="max-sm:sr-only">{labels.next}</span>
        <ChevronRightIcon />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={labels.last}
        isDisabled={isDisabled || page >= totalPages}
        onPress={() => onPageChange(totalPages)}
        className="px-2"
      >
        <ChevronsRightIcon />
      </Button>
    </nav>
  );
}

export interface PageSizeSelectProps {
  /** Label ("Rows per page"). */
  label: string;
  /** The current page size (10, 25, 50 or 100). */
  value: PageSize;
  /** Called with the chosen size. */
  onChange: (size: PageSize) => void;
  /** Disables the select (while a page loads). @default false */
  isDisabled?: boolean;
  /** Extra classes for the select. @default undefined */
  className?: string;
}

/**
 * The rows-per-page dropdown: 10, 25, 50 or 100.
 *
 * Use when beside `Pagination`, to let the user choose how many rows a page shows.
 *
 * Don't use when choosing anything else (use `Select`).
 */
export function PageSizeSelect({
  label,
  value,
  onChange,
  isDisabled,
  className,
}: PageSizeSelectProps) {
  return (
    <Select<string>
      label={label}
      options={PAGE_SIZES.map((size) => ({ id: String(size), label: String(size) }))}
      value={String(value)}
      onChange={(id) => onChange(Number(id) as PageSize)}
      isDisabled={isDisabled}
      className={cn('flex-row items-center gap-2 [&>button]:w-20', className)}
    />
  );
}
