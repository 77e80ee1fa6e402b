import { PROJECT_STATUSES, projectStatusMessages, type ProjectStatus } from '@solar/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProjectStatusBadge } from './project-status-badge.tsx';

/**
 * English status names (the app passes them translated): the domain's, but for the
 * stories' first wording of quote_requested, which their captures keep.
 */
const LABELS = Object.fromEntries(
  PROJECT_STATUSES.map((status) => [status, projectStatusMessages[status].defaultMessage]),
) as Record<ProjectStatus, string>;
LABELS.quote_requested = 'Quote requested';

const meta = {
  title: 'UI/Display/ProjectStatusBadge',
  component: ProjectStatusBadge,
  args: { status: 'quote_requested', label: LABELS.quote_requested },
} satisfies Meta<typeof ProjectStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Draft: Story = { args: { status: 'draft', label: LABELS.draft } };
export const WithTheStaff: Story = {};
export const InstallationUnderWay: Story = {
  args: { status: 'installation_scheduled', label: LABELS.installation_scheduled },
};
export const Installed: Story = { args: { status: 'installed', label: LABELS.installed } };
export const Cancelled: Story = { args: { status: 'cancelled', label: LABELS.cancelled } };

export const Catalog: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {PROJECT_STATUSES.map((status) => (
        <ProjectStatusBadge key={status} status={status} label={LABELS[status]} />
      ))}
    </div>
  ),
};
