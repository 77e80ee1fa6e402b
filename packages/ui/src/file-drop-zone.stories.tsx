import { BILL_IMAGE_TYPES } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { billPhoto } from '../../../.storybook/fixtures.ts';
import { Button } from './button.tsx';
import { FileDropZone, type FileDropZoneProps } from './file-drop-zone.tsx';

function Controlled(props: FileDropZoneProps) {
  const [file, setFile] = useState<File | null>(props.file);
  return (
    <FileDropZone
      {...props}
      file={file}
      onSelect={(f) => {
        setFile(f);
        props.onSelect(f);
      }}
      onRemove={() => {
        setFile(null);
        props.onRemove();
      }}
    />
  );
}

const meta = {
  title: 'UI/Forms/FileDropZone',
  component: FileDropZone,
  args: {
    label: 'Bill photo',
    hint: 'JPEG, PNG or WebP, less than 10 MB. Drop it here or',
    chooseLabel: 'Choose file',
    removeLabel: 'Remove file',
    acceptedFileTypes: BILL_IMAGE_TYPES,
    file: null,
    onSelect: fn(),
    onRemove: fn(),
    className: 'w-96',
  },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof FileDropZone>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

/** Choosing a file through the button shows its preview; remove clears it. */
export const ChooseAndRemove: Story = {
  tags: ['no-visual'],
  parameters: { chromatic: { disableSnapshot: true } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvasElement.querySelector<HTMLInputElement>('input[type=file]')!;
    await expect(input).toHaveAttribute('accept', BILL_IMAGE_TYPES.join(','));
    await userEvent.upload(input, billPhoto());
    await expect(args.onSelect).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByRole('img', { name: 'electricity-bill.png' })).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Remove file: electricity-bill.png' }),
    );
    await expect(args.onRemove).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Choose file' })).toBeVisible();
  },
};

export const WithPreview: Story = {
  args: {
    file: billPhoto(),
    children: (
      <Button size="sm" variant="secondary">
        Extract amount
      </Button>
    ),
  },
};

export const Extracting: Story = {
  args: {
    file: billPhoto(),
    children: (
      <Button size="sm" variant="secondary" isPending>
        Extract amount
      </Button>
    ),
  },
};

export const InvalidType: Story = {
  args: { errorMessage: 'Please upload a valid image file (JPEG, PNG, or WebP)' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('valid image file');
  },
};

export const ProcessingFailed: Story = {
  args: {
    file: billPhoto(),
    errorMessage: 'Failed to process the image. Please try again or enter the amount manually.',
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[50rem] grid-cols-2 gap-6">
      <FileDropZone {...args} />
      <FileDropZone {...args} file={billPhoto()} />
      <FileDropZone {...args} errorMessage="File size must be less than 10MB" />
      <FileDropZone {...args} file={billPhoto()} errorMessage="Failed to process the image." />
    </div>
  ),
};
