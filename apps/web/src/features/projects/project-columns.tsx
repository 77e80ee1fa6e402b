/** The pipeline list's columns: address, owner, status, system, dates. */
import { projectPath, type ProjectListItem, type ProjectSortField } from '@solar/domain';
import { Link, ProjectStatusBadge, type DataTableColumn } from '@solar/ui';
import { useProjectText } from './project-text.ts';

/** The table's column ids: the sortable fields and the system size. */
export type ProjectColumn = ProjectSortField | 'systemSize';

/** The columns; the owner only for staff, who see other people's projects. */
export function useProjectColumns(
  showOwner: boolean,
): DataTableColumn<ProjectListItem, ProjectColumn>[] {
  const { t, status, day, number } = useProjectText();
  const columns: DataTableColumn<ProjectListItem, ProjectColumn>[] = [
    {
      id: 'address',
      header: t('projects.list.column.address'),
      sortable: true,
      phone: 'title',
      truncate: { text: (row) => row.address },
      cell: (row) => (
        <Link href={projectPath(row.id)} className="font-medium">
          {row.address}
        </Link>
      ),
    },
    {
      id: 'ownerName',
      header: t('projects.list.column.ownerName'),
      sortable: true,
      truncate: { text: (row) => `${row.ownerName} (${row.ownerEmail})` },
      cell: (row) => row.ownerName,
    },
    {
      id: 'status',
      header: t('projects.list.column.status'),
      sortable: true,
      cell: (row) => <ProjectStatusBadge status={row.status} label={status(row.status)} />,
    },
    {
      id: 'systemSize',
      header: t('projects.list.column.systemSize'),
      cell: (row) =>
        row.systemSizeKw === null ? (
          <span className="text-fg-muted">{t('projects.list.locationOnly')}</span>
        ) : (
          <span className="whitespace-nowrap">
            {t('projects.list.kw', { kw: number(row.systemSizeKw, 1) })}
          </span>
        ),
    },
    {
      id: 'updatedAt',
      header: t('projects.list.column.updatedAt'),
      sortable: true,
      cell: (row) => (
        <time dateTime={row.updatedAt} className="whitespace-nowrap">
          {day(row.updatedAt.slice(0, 10))}
        </time>
      ),
    },
  ];
  return showOwner ? columns : columns.filter((column) => column.id !== 'ownerName');
}
