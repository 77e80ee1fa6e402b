/**
 * The field parts (Label, Input, TextArea, Description, FieldError) composed inside a
 * react-aria TextField, as the form controls of this library compose them. Use the ready
 * controls (TextField, PasswordField, NumberField...) in screens; reach for the parts only
 * to build a new control.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField as AriaTextField } from 'react-aria-components';
import { expect, userEvent, within } from 'storybook/test';
import { Description, FieldError, Input, Label, TextArea } from './field.tsx';

const meta = {
  title: 'UI/Forms/Field parts',
  component: Input,
  parameters: {
    docs: {
      description: {
        component: [
          'The field parts (`Label`, `Input`, `TextArea`, `Description`, `FieldError`) that every form control of the library is built from. Inside a react-aria field (`TextField`, `NumberField`...) they are wired together with ids: the label names the input, the description and the error describe it.',
          '**Use when** building a new control the ready ones do not cover (the editable title, the chat composer).',
          "**Don't use when** `TextField`, `PasswordField`, `SearchField`, `NumberField`, `Select` or `RadioGroup` fits: they take `label`, `description` and `errorMessage` props. The props table shows `Input`'s.",
        ].join('\n\n'),
      },
    },
  },
  decorators: [(Story) => <div className="w-80">{Story()}</div>],
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Label, input and help text: the label names the input, the help text describes it. */
export const InputWithDescription: Story = {
  render: () => (
    <AriaTextField className="flex flex-col gap-1.5">
      <Label>Address</Label>
      <Input placeholder="Bishkek, Chui Avenue 1" />
      <Description>Street and house number, as on a bill.</Description>
    </AriaTextField>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Address' });
    await expect(input).toHaveAccessibleDescription('Street and house number, as on a bill.');
  },
};

/** An invalid field: the error replaces nothing, it is added and announced with the input. */
export const Invalid: Story = {
  render: () => (
    <AriaTextField className="flex flex-col gap-1.5" isInvalid defaultValue="Бишкек-">
      <Label>Address</Label>
      <Input />
      <FieldError>Address not found. Check the spelling or pick the place on the map.</FieldError>
    </AriaTextField>
  ),
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Address' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Address not found. Check the spelling or pick the place on the map.',
    );
  },
};

/** A multi-line text area; it takes the same label, help and error parts. */
export const MultiLine: Story = {
  render: () => (
    <AriaTextField className="flex flex-col gap-1.5">
      <Label>Notes for the installer</Label>
      <TextArea rows={3} />
    </AriaTextField>
  ),
  play: async ({ canvasElement }) => {
    const area = within(canvasElement).getByRole('textbox', { name: 'Notes for the installer' });
    await userEvent.type(area, 'Gate code 1234');
    await expect(area).toHaveValue('Gate code 1234');
  },
};

/** Disabled: dimmed, not focusable, its value still readable. */
export const Disabled: Story = {
  render: () => (
    <AriaTextField className="flex flex-col gap-1.5" isDisabled defaultValue="ada@example.com">
      <Label>Email</Label>
      <Input />
    </AriaTextField>
  ),
};
