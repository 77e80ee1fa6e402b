import { roleMessages, userMessages as u, userTypeToRole, type RoleKey } from '@solar/domain';
import type { AdminUserListItem } from '@solar/domain/contract';
import type { SortState, UserSortField } from '@solar/domain/paging';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { daysAgo } from '../../../.storybook/fixtures.ts';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table.tsx';
import { EmptyState } from './empty-state.tsx';
import { SearchIcon, UsersIcon } from './icons.tsx';
import { ButtonLink } from './link.tsx';
import { RoleBadge } from './role-badge.tsx';
import { StatusBadge } from './status-badge.tsx';

const users: AdminUserListItem[] = [
  ['Ada Lovelace', 'ada@example.com', 0, true, true, 40, 0],
  ['Boris Ivanov', 'boris@example.com', 1, true, true, 33, 2],
  ['Carmen Ruiz', 'carmen@example.com', 4, true, false, 20, null],
  ['Dmitri Petrov', 'dmitri@example.com', 2, false, true, 12, 5],
  ['Elena Gómez', 'elena@example.com', 5, true, true, 3, 1],
].map(([name, email, userType, isActive, emailConfirmed, created, login], i) => ({
  id: `u${i + 1}`,
  name: name as string,
  email: email as string,
  userType: userType as AdminUserListItem['userType'],
  isActive: isActive as boolean,
  emailConfirmed: emailConfirmed as boolean,
  createdAt: daysAgo(created as number),
  lastLoginAt: login === null ? null : daysAgo(login as number, 3),
}));

const date = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso))
    : u.never.defaultMessage;

const columns: DataTableColumn<AdminUserListItem, UserSortField>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    cell: (r) => (
      <div className="flex flex-col">
        <span className="font-medium">{r.name}</span>
        <span className="text-xs text-fg-muted">{r.email}</span>
      </div>
    ),
  },
  {
    id: 'userType',
    header: 'User type',
    sortable: true,
    cell: (r) => {
      const role = userTypeToRole(r.userType) as RoleKey;
      return <RoleBadge userRole={role} label={roleMessages[role].defaultMessage} />;
    },
  },
  {
    id: 'isActive',
    header: 'Status',
    sortable: true,
    cell: (r) => (
      <StatusBadge
        tone={r.isActive ? 'positive' : 'negative'}
        label={r.isActive ? u.active.defaultMessage : u.inactive.defaultMessage}
      />
    ),
  },
  {
    id: 'emailConfirmed',
    header: 'Email',
    sortable: true,
    cell: (r) => (
      <StatusBadge
        tone={r.emailConfirmed ? 'positive' : 'warning'}
        label={r.emailConfirmed ? u.verified.defaultMessage : u.unverified.defaultMessage}
      />
    ),
  },
  { id: 'createdAt', header: 'Created', sortable: true, cell: (r) => date(r.createdAt) },
  { id: 'lastLoginAt', header: 'Last login', sortable: true, cell: (r) => date(r.lastLoginAt) },
];

type UserTableProps = DataTableProps<AdminUserListItem, UserSortField>;

/** Keeps the sort in state like the users screen, and reports each change. */
function SortableTable(props: UserTableProps) {
  const [sort, setSort] = useState<SortState<UserSortField> | null>(props.sort ?? null);
  return (
    <DataTable
      {...props}
      sort={sort}
      onSortChange={(next) => {
        setSort(next);
        props.onSortChange?.(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Data/DataTable',
  component: DataTable<AdminUserListItem, UserSortField>,
  args: {
    caption: 'Users',
    columns,
    rows: users,
    getRowId: (r) => r.id,
    sort: null,
    onSortChange: fn(),
    loadingLabel: 'Loading users',
    emptyState: (
      <EmptyState
        icon={<UsersIcon />}
        title={u.emptyNone.defaultMessage}
        action={<ButtonLink href="#create">Create user</ButtonLink>}
      />
    ),
    filteredEmptyState: <EmptyState icon={<SearchIcon />} title={u.emptyFiltered.defaultMessage} />,
    className: 'w-[60rem]',
  },
  render: (args) => <SortableTable {...args} />,
  parameters: { layout: 'padded' },
} satisfies Meta<UserTableProps>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Header clicks cycle descending -> ascending -> none, reflected in aria-sort. */
export const SortCycle: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const header = () => canvas.getByRole('columnheader', { name: /Name/ });
    const button = () => canvas.getByRole('button', { name: 'Name' });
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'none'));
    await userEvent.click(button());
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'descending'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'name',
      direction: 'descending',
    });
    await userEvent.click(button());
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'ascending'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'name',
      direction: 'ascending',
    });
    await userEvent.click(button());
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'none'));
    await expect(args.onSortChange).toHaveBeenLastCalledWith(null);
    // Another column starts again at descending, and the first goes back to none.
    await userEvent.click(button());
    await userEvent.click(canvas.getByRole('button', { name: 'Created' }));
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    await waitFor(() => expect(header()).toHaveAttribute('aria-sort', 'none'));
    // Keyboard: Enter on a focused header sorts too.
    canvas.getByRole('button', { name: 'Created' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('columnheader', { name: /Created/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      ),
    );
  },
};

export const SortedDescending: Story = {
  args: { sort: { column: 'createdAt', direction: 'descending' } },
};
export const SortedAscending: Story = {
  args: { sort: { column: 'name', direction: 'ascending' } },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('progressbar', { name: 'Loading users' })).toBeInTheDocument();
  },
};

export const LoadingFirstPage: Story = { args: { isLoading: true, rows: [] } };

/** Nothing exists yet: "No users found" with a create link. */
export const EmptyNone: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'No users found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Create user' })).toBeVisible();
  },
};

/** Filters match nothing: "No users match your current filters". */
export const EmptyFiltered: Story = {
  args: { rows: [], isFiltered: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { name: 'No users match your current filters' }),
    ).toBeVisible();
  },
};

const sortLabels = {
  sortBy: 'Sort by',
  none: 'Default order',
  ascending: (header: string) => `${header}, ascending`,
  descending: (header: string) => `${header}, descending`,
};

const longUsers: AdminUserListItem[] = [
  {
    ...users[0]!,
    id: 'long1',
    name: 'Константинопольская Александра Вячеславовна',
    email: 'konstantinopolskaya.aleksandra.vyacheslavovna@demo.solar.local',
  },
  ...users.slice(1, 3),
];

/** Columns where names and emails are cut to one line (the users screen's). */
const truncatedColumns: DataTableColumn<AdminUserListItem, UserSortField>[] = [
  {
    id: 'name',
    header: 'Name',
    sortable: true,
    phone: 'title',
    truncate: { text: (r) => r.name },
    cell: (r) => (
      <a href={`#user-${r.id}`} className="font-medium underline">
        {r.name}
      </a>
    ),
  },
  {
    id: 'email',
    header: 'Email address',
    sortable: true,
    truncate: { text: (r) => r.email },
    cell: (r) => r.email,
  },
  ...columns.slice(1),
];

/** Long values stay on one line, cut with an ellipsis; the hover title holds the whole value. */
export const LongValues: Story = {
  args: { rows: longUsers, columns: truncatedColumns },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = canvas.getByTitle(longUsers[0]!.email);
    await expect(email.scrollWidth).toBeGreaterThan(email.clientWidth);
  },
};

/**
 * Narrower than its columns need (long Russian headers at 1280 px do this): the table
 * scrolls sideways inside its frame and the page itself never becomes wider than the window.
 */
export const WiderThanItsPlace: Story = {
  args: {
    rows: longUsers,
    className: 'w-[44rem]',
    // The last column's header is visually hidden, as an actions column's is.
    columns: columns.map((column, index) =>
      index === columns.length - 1 ? { ...column, hideHeader: true, sortable: false } : column,
    ),
  },
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    const scroller = table.parentElement!;
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
    // Visually hidden text (the hidden last header) is laid out inside the scroller, so
    // it scrolls with the table instead of stretching the page past the window's edge.
    const hidden = within(table).getByText(columns.at(-1)!.header);
    await expect(scroller.contains(hidden.offsetParent)).toBe(true);
  },
};

/** Keyboard focus in a row shows its cut values whole. */
export const LongValuesRowFocused: Story = {
  args: { rows: longUsers, columns: truncatedColumns },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('link', { name: longUsers[0]!.name }).focus();
    const email = canvas.getByTitle(longUsers[0]!.email);
    await expect(email.scrollWidth).toBeLessThanOrEqual(email.clientWidth);
  },
};

/** On a phone each row is a card, and a select replaces the sortable headers. */
export const Phone: Story = {
  args: { rows: longUsers, columns: truncatedColumns, sortLabels, className: 'w-[358px]' },
  parameters: { layout: 'padded' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('table')).toBeNull();
    const cards = within(canvas.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    await expect(cards).toHaveLength(longUsers.length);
    await expect(within(cards[0]!).getByText('Email address')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Sort by/ }));
    await userEvent.click(
      await within(document.body).findByRole('option', { name: 'Created, descending' }),
    );
    await expect(args.onSortChange).toHaveBeenLastCalledWith({
      column: 'createdAt',
      direction: 'descending',
    });
  },
};

/** Loading on a phone: the cards dim and the bar runs along the top of the window. */
export const PhoneLoading: Story = {
  args: {
    rows: longUsers,
    columns: truncatedColumns,
    sortLabels,
    className: 'w-[358px]',
    isLoading: true,
  },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Loading users' });
    await expect(bar.getBoundingClientRect().top).toBe(0);
  },
};
