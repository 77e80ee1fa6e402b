import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ComboBox, type ComboBoxProps } from './combo-box.tsx';
import { Spinner } from './spinner.tsx';

const places = [
  'Chui Avenue, Bishkek',
  'Chui Avenue, Tokmok',
  'Lenin Street, Osh',
  'Manas Avenue, Bishkek',
  'Toktogul Street, Karakol',
].map((label, index) => ({ id: `place-${index}`, label }));

/** The caller's side: the suggestions follow the typed text; a pick fills the input. */
function PlaceSearch({
  searching,
  ...args
}: Omit<ComboBoxProps, 'options'> & { searching?: boolean }) {
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const term = text.trim().toLowerCase();
  const options =
    searching || term.length < 2 ? [] : places.filter((p) => p.label.toLowerCase().includes(term));
  return (
    <ComboBox
      {...args}
      options={options}
      // Typed text stays when nothing is picked (the caller then says to pick one).
      allowsCustomValue
      inputValue={text}
      onInputChange={(value) => {
        setText(value);
        setPicked(null);
      }}
      selectedKey={picked}
      onSelectionChange={(key) => {
        args.onSelectionChange?.(key);
        const place = places.find((p) => p.id === key);
        if (!place) return;
        setPicked(place.id);
        setText(place.label);
      }}
      emptyState={
        term.length < 2 ? undefined : searching ? (
          <Spinner label="Searching…" showLabel size="sm" />
        ) : (
          'No place found.'
        )
      }
    />
  );
}

const meta = {
  title: 'UI/Forms/ComboBox',
  component: ComboBox<string>,
  args: {
    label: 'Search for a place',
    placeholder: 'Street, city',
    description: 'Type at least 2 characters, then pick a place from the list.',
    options: places,
    onSelectionChange: fn(),
    className: 'w-80',
  },
  render: (args) => <PlaceSearch {...args} />,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ComboBox<string>>;

export default meta;
type Story = StoryObj<typeof meta>;

const input = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('combobox', { name: 'Search for a place' });

export const Empty: Story = {};

/** Typing opens the list of matching suggestions. */
export const Suggestions: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'chui');
    const listbox = await within(document.body).findByRole('listbox');
    await expect(within(listbox).getAllByRole('option')).toHaveLength(2);
  },
};

/** The list while the caller is still searching: its empty state. */
export const Searching: Story = {
  render: (args) => <PlaceSearch {...args} searching />,
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'chui');
    await expect(
      await within(document.body).findByRole('progressbar', { name: 'Searching…' }),
    ).toBeVisible();
  },
};

/** Nothing matches: the list says so. */
export const NothingFound: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(input(canvasElement), 'zzz');
    await expect(await within(document.body).findByText('No place found.')).toBeVisible();
  },
};

export const Invalid: Story = {
  args: { errorMessage: 'Please select a place from the list' },
};

/** Arrow keys and Enter pick a suggestion; the list closes and the input shows it. */
export const KeyboardSelection: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ args, canvasElement }) => {
    const field = input(canvasElement);
    await userEvent.type(field, 'avenue');
    await within(document.body).findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onSelectionChange).toHaveBeenCalledWith('place-1');
    await waitFor(() => expect(field).toHaveValue('Chui Avenue, Tokmok'));
    await waitFor(() => expect(within(document.body).queryByRole('listbox')).toBeNull());
    // Escape closes a list opened again by typing.
    await userEvent.type(field, '{Backspace}');
    await within(document.body).findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('listbox')).toBeNull());
  },
};
