/**
 * /users/{id} (docs/product.md#user-administration and #errors-and-messages; canManageUsers only):
 * one user from `GET /admin/users/{id}`: picture (Avatar), name, email, role badge, account status,
 * email verified, created, last login ('Never' when none), the CRM person link when the
 * user has a `pipedrivePersonId`, and an edit button. A failed load (404 or any error)
 * shows the 'Failed to load user details' toast and returns to /users.
 */
import {
  roleMessages,
  userEditPath,
  userMessages,
  userTypeNameToRole,
  type AdminUserDetail,
} from '@solar/domain';
import {
  Avatar,
  ButtonLink,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  ChevronLeftIcon,
  Link,
  PencilIcon,
  RoleBadge,
  Spinner,
  StatusBadge,
} from '@solar/ui';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';
import { HistoryPanel } from '../audit/history-panel.tsx';
import { crmPersonUrl } from './crm.ts';
import { useUserDates } from './user-format.ts';
import { useUserDetailOrLeave } from './user-queries.ts';
import { usersListPath } from './list-return.ts';

export default function UserViewScreen({ params }: { params: Record<string, string> }) {
  const intl = useIntl();
  const id = params.id ?? '';
  const query = useUserDetailOrLeave(id);
  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
        <Link href={usersListPath()} className="inline-flex items-center gap-1 self-start text-sm">
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          {intl.formatMessage({ id: 'users.backToList' })}
        </Link>
        {query.data ? (
          <UserDetails user={query.data} />
        ) : (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label={intl.formatMessage({ id: 'users.view.loading' })} />
          </div>
        )}
        {query.data && <HistoryPanel target={{ type: 'user', id: query.data.id }} />}
      </div>
    </SignedInShell>
  );
}

function UserDetails({ user }: { user: AdminUserDetail }) {
  const intl = useIntl();
  const dates = useUserDates();
  const role = userTypeNameToRole(user.userType);
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <CardHeader
        action={
          <ButtonLink href={userEditPath(user.id)} variant="secondary">
            <PencilIcon className="size-4" aria-hidden="true" />
            {t('users.view.edit')}
          </ButtonLink>
        }
      >
        <div className="flex items-center gap-4">
          <Avatar name={user.user.name} src={user.user.picture} size="lg" />
          <div className="flex min-w-0 flex-col gap-1">
            <h1 className="text-2xl font-semibold break-words">{user.user.name}</h1>
            <p className="break-all text-fg-muted">{user.user.email}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <CardTitle level={2} className="sr-only">
          {t('users.view.details')}
        </CardTitle>
        <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">
          <Item label={t('users.view.userType')}>
            <RoleBadge
              userRole={user.userType}
              label={role ? intl.formatMessage(roleMessages[role]) : user.userType}
            />
          </Item>
          <Item label={t('users.view.status')}>
            <StatusBadge
              tone={user.isActive ? 'positive' : 'negative'}
              label={intl.formatMessage(
                user.isActive ? userMessages.active : userMessages.inactive,
              )}
            />
          </Item>
          <Item label={t('users.view.emailVerified')}>
            <StatusBadge
              tone={user.user.emailVerified ? 'positive' : 'warning'}
              label={intl.formatMessage(
                user.user.emailVerified ? userMessages.verified : userMessages.unverified,
              )}
            />
          </Item>
          <Item label={t('users.view.createdAt')}>
            <time dateTime={user.createdAt}>{dates.dateTime(user.createdAt)}</time>
          </Item>
          <Item label={t('users.view.lastLogin')}>
            {user.lastLoginAt ? (
              <time dateTime={user.lastLoginAt}>
                {dates.dateTime(user.lastLoginAt)} ({dates.relative(user.lastLoginAt)})
              </time>
            ) : (
              dates.never
            )}
          </Item>
          <Item label={t('users.view.crm')}>
            {user.pipedrivePersonId !== null ? (
              <Link
                href={crmPersonUrl(user.pipedrivePersonId)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {intl.formatMessage(
                  { id: 'users.view.crmLink' },
                  { id: String(user.pipedrivePersonId) },
                )}
                <span className="sr-only"> {t('users.view.opensInNewTab')}</span>
              </Link>
            ) : user.crmConfigured ? (
              <span className="text-fg-muted">
                <span className="block">{t('users.view.crmNone')}</span>
                <span className="block text-sm">{t('users.view.crmNoneHint')}</span>
              </span>
            ) : (
              <span className="text-fg-muted">{t('users.view.crmNotConfigured')}</span>
            )}
          </Item>
        </dl>
      </CardContent>
    </Card>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm font-medium text-fg-muted">{label}</dt>
      <dd className="text-fg">{children}</dd>
    </div>
  );
}
