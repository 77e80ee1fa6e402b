import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PageSizeSelect, Pagination, type PaginationProps } from './pagination.tsx';

const labels = {
  nav: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  first: 'First page',
  last: 'Last page',
  page: (n: number) => `Page ${n}`,
};

function Controlled(props: PaginationProps) {
  const [page, setPage] = useState(props.page);
  return (
    <Pagination
      {...props}
      page={page}
      onPageChange={(next) => {
        setPage(next);
        props.onPageChange(next);
      }}
    />
  );
}

const meta = {
  title: 'UI/Data/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 10, onPageChange: fn(), labels },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page buttons' numbers, in order. */
function pageNumbers(canvasElement: HTMLElement): string[] {
  return within(canvasElement)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((b) => b.textContent ?? '');
}

/** First page: pages 1-5, previous disabled, page 1 current. */
export const FirstPage: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(pageNumbers(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Middle page: the window centres on the current page (3-7 around 5). */
export const MiddlePage: Story = {
  args: { page: 5 },
  play: async ({ canvasElement }) => {
    await expect(pageNumbers(canvasElement)).toEqual(['3', '4', '5', '6', '7']);
    await expect(within(canvasElement).getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Last page: pages 6-10, next and last disabled. */
export const LastPage: Story = {
  args: { page: 10 },
  play: async ({ canvasElement }) => {
    await expect(pageNumbers(canvasElement)).toEqual(['6', '7', '8', '9', '10']);
    await expect(within(canvasElement).getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(within(canvasElement).getByRole('button', { name: 'Last page' })).toBeDisabled();
  },
};

/** A long list (72 pages): one press reaches the last page, one the first. */
export const JumpToEnds: Story = {
  args: { page: 1, totalPages: 72 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'First page' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Last page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(72);
    await expect(pageNumbers(canvasElement)).toEqual(['68', '69', '70', '71', '72']);
    await userEvent.click(canvas.getByRole('button', { name: 'First page' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(1);
    await expect(pageNumbers(canvasElement)).toEqual(['1', '2', '3', '4', '5']);
  },
};

/** Fewer pages than five: every page shows. */
export const FewPages: Story = {
  args: { totalPages: 3, page: 2 },
  play: async ({ canvasElement }) => {
    await expect(pageNumbers(canvasElement)).toEqual(['1', '2', '3']);
  },
};

/** Next, previous and page buttons move the window. */
export const Navigate: Story = {
  args: { page: 1 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Page 4' }));
    await expect(pageNumbers(canvasElement)).toEqual(['2', '3', '4', '5', '6']);
    await userEvent.click(canvas.getByRole('button', { name: 'Previous' }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(3);
  },
};

export const Disabled: Story = { args: { page: 3, isDisabled: true } };

/** One page: no pager at all. */
export const SinglePage: Story = {
  args: { totalPages: 1 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('navigation')).toBeNull();
  },
};

export const PageSize: StoryObj<typeof PageSizeSelect> = {
  render: (args) => <PageSizeSelect {...args} />,
  args: { label: 'Rows per page', value: 10, onChange: fn() },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: /Rows per page/ });
    await userEvent.click(trigger);
    const listbox = await within(document.body).findByRole('listbox');
    const options = within(listbox)
      .getAllByRole('option')
      .map((o) => o.textContent);
    await expect(options).toEqual(['10', '25', '50', '100']);
    await userEvent.click(within(listbox).getByRole('option', { name: '50' }));
    await expect(args.onChange).toHaveBeenCalledWith(50);
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="flex flex-col items-start gap-4">
      <Pagination {...args} page={1} labels={{ ...labels, nav: 'On the first page' }} />
      <Pagination {...args} page={5} labels={{ ...labels, nav: 'On a middle page' }} />
      <Pagination {...args} page={10} labels={{ ...labels, nav: 'On the last page' }} />
      <Pagination {...args} page={2} totalPages={3} labels={{ ...labels, nav: 'Three pages' }} />
      <PageSizeSelect label="Rows per page" value={25} onChange={() => {}} />
    </div>
  ),
};
