import { chatMessages as c } from '@solar/domain';
import type { Portfolio } from '@solar/domain/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PortfolioCard } from './portfolio-card.tsx';

const filled: Portfolio = {
  electricityConsumption: { monthlyKwh: 320, monthlyBill: 4770, currency: 'KGS' },
  propertyInfo: { roofType: 'Flat', roofArea: 40, location: 'Bishkek' },
  updatedAt: '2026-03-14T09:00:00Z',
  sources: {},
};

const meta = {
  title: 'UI/Chat/PortfolioCard',
  component: PortfolioCard,
  args: {
    portfolio: filled,
    status: 'ready',
    onRetry: fn(),
    locale: 'en',
    labels: {
      title: 'Your solar portfolio',
      monthlyKwh: 'Monthly use',
      monthlyBill: 'Monthly bill',
      roofType: 'Roof type',
      roofArea: 'Roof area',
      location: 'Location',
      empty: c.emptyPortfolio.defaultMessage,
      error: c.portfolioLoadFailed.defaultMessage,
      retry: c.retry.defaultMessage,
      loading: 'Loading portfolio',
      unknown: 'Not known yet',
      updated: 'Updated Mar 14, 9:00 AM',
      units: { kwh: 'kWh', m2: 'm²' },
      roofTypes: {
        flat: 'Flat',
        pitched: 'Pitched',
        metal: 'Metal',
        tile: 'Tile',
        shingle: 'Shingle',
        slate: 'Slate',
        concrete: 'Concrete',
      },
    },
    className: 'w-80',
  },
} satisfies Meta<typeof PortfolioCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Filled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('320 kWh')).toBeVisible();
    await expect(canvas.getByText('4,770 som')).toBeVisible();
  },
};

export const Russian: Story = { args: { locale: 'ru' } };

/** Facts from two conversations: each says where it came from (the latest value wins). */
export const FromTwoConversations: Story = {
  args: {
    sources: {
      monthlyKwh: 'From “Roof questions”, Mar 12',
      monthlyBill: 'From “Solar panels for my house”, Mar 14',
      roofType: 'From “Roof questions”, Mar 12',
      roofArea: 'From “Roof questions”, Mar 12',
      location: 'From “Solar panels for my house”, Mar 14',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByText('From “Roof questions”, Mar 12')).toHaveLength(3);
    await expect(canvas.getAllByText('From “Solar panels for my house”, Mar 14')).toHaveLength(2);
  },
};

export const Partial: Story = {
  args: {
    portfolio: {
      ...filled,
      electricityConsumption: { monthlyKwh: null, monthlyBill: 4770, currency: 'KGS' },
      propertyInfo: { roofType: null, roofArea: null, location: 'Osh' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Not known yet')).toHaveLength(3);
  },
};

export const Empty: Story = {
  args: {
    portfolio: {
      electricityConsumption: { monthlyKwh: null, monthlyBill: null, currency: 'KGS' },
      propertyInfo: { roofType: null, roofArea: null, location: null },
      updatedAt: null,
      sources: {},
    },
  },
};

export const Loading: Story = { args: { status: 'loading', portfolio: null } };

export const LoadError: Story = {
  args: { status: 'error', portfolio: null },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(c.portfolioLoadFailed.defaultMessage);
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const Catalog: Story = {
  render: (args) => (
    <div className="grid w-[52rem] grid-cols-3 gap-4">
      <PortfolioCard {...args} />
      <PortfolioCard {...args} portfolio={Partial.args!.portfolio!} />
      <PortfolioCard {...args} portfolio={Empty.args!.portfolio!} />
      <PortfolioCard {...args} status="loading" portfolio={null} />
      <PortfolioCard {...args} status="error" portfolio={null} />
    </div>
  ),
};
