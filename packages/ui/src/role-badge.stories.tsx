import { ROLE_KEYS, roleMessages } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RoleBadge } from './role-badge.tsx';

const meta = {
  title: 'UI/Display/RoleBadge',
  component: RoleBadge,
  args: { userRole: 'admin', label: 'Administrator' },
} satisfies Meta<typeof RoleBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Admin: Story = {};
export const ProjectManager: Story = {
  args: { userRole: 'project_manager', label: 'Project Manager' },
};
export const Installer: Story = { args: { userRole: 'installer', label: 'Installer' } };
export const RoofInspector: Story = {
  args: { userRole: 'roof_inspector', label: 'Roof Inspector' },
};
export const ResidentialClient: Story = {
  args: { userRole: 'client_residential', label: 'Residential Client' },
};
export const CommercialClient: Story = {
  args: { userRole: 'client_commercial', label: 'Commercial Client' },
};
export const Supplier: Story = { args: { userRole: 'supplier', label: 'Supplier' } };

/** The API's numeric code and text name are read too. */
export const FromUserTypeCode: Story = {
  args: { userRole: 2, label: 'Installer' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Installer')).toHaveAttribute(
      'data-role',
      'installer',
    );
  },
};

export const UnknownRole: Story = { args: { userRole: 'astronaut', label: 'Unknown' } };

/** All seven roles plus the unknown badge. */
export const Catalog: Story = {
  render: () => (
    <div className="flex max-w-md flex-wrap gap-2">
      {ROLE_KEYS.map((role) => (
        <RoleBadge key={role} userRole={role} label={roleMessages[role].defaultMessage} />
      ))}
      <RoleBadge userRole={null} label="Unknown" />
    </div>
  ),
};
