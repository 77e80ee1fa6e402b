/** The user list's table columns (docs/product.md#user-administration). */
import {
  roleMessages,
  userMessages,
  userEditPath,
  userPath,
  userTypeToRole,
  type AdminUserListItem,
  type UserSortField,
} from '@solar/domain';
import { Link, RoleBadge, StatusBadge, type DataTableColumn } from '@solar/ui';
import { useIntl } from 'react-intl';
import { useUserDates } from './user-format.ts';

/** The table's column ids: the sortable fields, the row actions and the bulk Select. */
export type Column = UserSortField | 'actions' | 'select';

/** The table's columns (docs/product.md#user-administration): name, email, user type, status, verified, dates. */
export function useUserColumns(): DataTableColumn<AdminUserListItem, Column>[] {
  const intl = useIntl();
  const dates = useUserDates();
  const t = (id: string) => intl.formatMessage({ id });
  return [
    {
      id: 'name',
      header: t('users.list.column.name'),
      sortable: true,
      phone: 'title',
      truncate: { text: (row) => row.name },
      cell: (row) => (
        <Link href={userPath(row.id)} className="font-medium">
          {row.name}
        </Link>
      ),
    },
    {
      id: 'email',
      header: t('users.list.column.email'),
      sortable: true,
      truncate: { text: (row) => row.email },
      cell: (row) => row.email,
    },
    {
      id: 'userType',
      header: t('users.list.column.userType'),
      sortable: true,
      cell: (row) => {
        const role = userTypeToRole(row.userType);
        return (
          <RoleBadge
            userRole={row.userType}
            label={role ? intl.formatMessage(roleMessages[role]) : String(row.userType)}
          />
        );
      },
    },
    {
      id: 'isActive',
      header: t('users.list.column.status'),
      sortable: true,
      cell: (row) => (
        <StatusBadge
          tone={row.isActive ? 'positive' : 'negative'}
          label={intl.formatMessage(row.isActive ? userMessages.active : userMessages.inactive)}
        />
      ),
    },
    {
      id: 'emailConfirmed',
      header: t('users.list.column.emailVerified'),
      sortable: true,
      cell: (row) => (
        <StatusBadge
          tone={row.emailConfirmed ? 'positive' : 'warning'}
          label={intl.formatMessage(
            row.emailConfirmed ? userMessages.verified : userMessages.unverified,
          )}
        />
      ),
    },
    {
      id: 'createdAt',
      header: t('users.list.column.createdAt'),
      sortable: true,
      cell: (row) => (
        <time dateTime={row.createdAt} className="whitespace-nowrap">
          {dates.date(row.createdAt)}
        </time>
      ),
    },
    {
      id: 'lastLoginAt',
      header: t('users.list.column.lastLogin'),
      sortable: true,
      cell: (row) =>
        row.lastLoginAt ? (
          <time
            dateTime={row.lastLoginAt}
            title={dates.dateTime(row.lastLoginAt)}
            className="whitespace-nowrap"
          >
            {dates.relative(row.lastLoginAt)}
          </time>
        ) : (
          <span className="text-fg-muted">{dates.never}</span>
        ),
    },
    {
      id: 'actions',
      header: t('users.list.column.actions'),
      hideHeader: true,
      phone: 'action',
      cell: (row) => (
        <Link
          href={userEditPath(row.id)}
          aria-label={intl.formatMessage({ id: 'users.list.editUser' }, { name: row.name })}
        >
          {t('users.list.edit')}
        </Link>
      ),
    },
  ];
}
