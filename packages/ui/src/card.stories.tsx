import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from './button.tsx';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card.tsx';

const meta = {
  title: 'UI/Layout/Card',
  component: Card,
  args: { className: 'w-96' },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader>
        <CardTitle>Quick Calculator</CardTitle>
        <CardDescription>Estimate a solar system from your monthly use or bill.</CardDescription>
      </CardHeader>
    </Card>
  ),
};

export const WithContentAndFooter: Story = {
  render: (args) => (
    <Card {...args}>
      <CardHeader
        action={
          <Button variant="ghost" size="sm">
            Edit
          </Button>
        }
      >
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and email.</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">Ada Lovelace · ada@example.com</p>
      </CardContent>
      <CardFooter>
        <Button variant="secondary">Cancel</Button>
        <Button>Save</Button>
      </CardFooter>
    </Card>
  ),
};

export const Catalog: Story = {
  render: () => (
    <div className="grid w-[44rem] grid-cols-2 gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Title only</CardTitle>
        </CardHeader>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Title and description</CardTitle>
          <CardDescription>Muted supporting text.</CardDescription>
        </CardHeader>
      </Card>
      <Card>
        <CardContent>
          <p className="text-sm">Content without a header.</p>
        </CardContent>
        <CardFooter>
          <Button size="sm">Action</Button>
        </CardFooter>
      </Card>
    </div>
  ),
};
