/**
 * The phone parts of DataTable (data-table-cards.tsx), each on its own: a row as a card
 * (title, label/value pairs, actions) and the "Sort by" select that stands in for sortable
 * headers. DataTable switches to them below its own width of 672 px; its Phone stories show
 * them in place.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { SortState } from '@solar/domain/paging';
import { PhoneCard, PhoneSort } from './data-table-cards.tsx';
import type { DataTableColumn } from './data-table.tsx';
import { ButtonLink } from './link.tsx';
import { StatusBadge } from './status-badge.tsx';

interface Project {
  id: string;
  address: string;
  sizeKw: number;
  status: 'draft' | 'installed';
  updated: string;
}

type Column = 'address' | 'sizeKw' | 'status' | 'updated' | 'open';

const columns: DataTableColumn<Project, Column>[] = [
  { id: 'address', header: 'Address', sortable: true, phone: 'title', cell: (p) => p.address },
  { id: 'sizeKw', header: 'System size', sortable: true, cell: (p) => `${p.sizeKw} kW (DC)` },
  {
    id: 'status',
    header: 'Status',
    cell: (p) => (
      <StatusBadge
        tone={p.status === 'installed' ? 'positive' : 'warning'}
        label={p.status === 'installed' ? 'Installed' : 'Draft'}
      />
    ),
  },
  { id: 'updated', header: 'Updated', sortable: true, cell: (p) => p.updated },
  {
    id: 'open',
    header: 'Actions',
    phone: 'action',
    cell: (p) => (
      <ButtonLink href={`/projects/${p.id}`} variant="secondary">
        Open
      </ButtonLink>
    ),
  },
];

const project: Project = {
  id: 'p1',
  address: 'Osh Bazaar, Bishkek',
  sizeKw: 3.2,
  status: 'installed',
  updated: 'Nov 20, 2026',
};

const sortLabels = {
  sortBy: 'Sort by',
  none: 'Default order',
  ascending: (header: string) => `${header}, ascending`,
  descending: (header: string) => `${header}, descending`,
};

const meta: Meta<typeof PhoneCard<Project, Column>> = {
  title: 'UI/Data/DataTable/Phone parts',
  component: PhoneCard<Project, Column>,
  subcomponents: { PhoneSort },
  args: { columns, row: project },
  // A card is a list item: the story puts it in the list DataTable renders.
  render: (args) => (
    <ul aria-label="Projects" className="flex w-[358px] flex-col gap-3">
      <PhoneCard {...args} />
    </ul>
  ),
};
export default meta;
type Story = StoryObj<typeof meta>;

/** A row as a card: the address as its title, label/value pairs, then its action. */
export const Card: Story = {
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('listitem');
    await expect(within(card).getByText('System size')).toBeVisible();
    await expect(within(card).getByText('3.2 kW (DC)')).toBeVisible();
    await expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/projects/p1',
    );
  },
};

/** A long address wraps inside the card instead of widening it. */
export const LongTitle: Story = {
  args: {
    row: {
      ...project,
      address: 'улица Ибраимова 115/1, микрорайон Верхнеднепровский, Бишкек, Кыргызстан',
      status: 'draft',
    },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('listitem');
    await expect(card.scrollWidth).toBeLessThanOrEqual(card.clientWidth);
  },
};

/** The sort select: each sortable column in both directions, or the default order. */
export const Sort: Story = {
  render: function SortStory() {
    const [sort, setSort] = useState<SortState<Column> | null>(null);
    const onSortChange = fn((next: SortState<Column> | null) => setSort(next));
    return (
      <div className="w-[358px]">
        <PhoneSort columns={columns} sort={sort} labels={sortLabels} onSortChange={onSortChange} />
      </div>
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Sort by/ }));
    const listbox = await within(document.body).findByRole('listbox');
    // Three sortable columns, two directions each, and the default order.
    await expect(within(listbox).getAllByRole('option')).toHaveLength(7);
    await userEvent.click(within(listbox).getByRole('option', { name: 'Updated, descending' }));
    await expect(canvas.getByRole('button', { name: /Updated, descending/ })).toBeVisible();
  },
};
