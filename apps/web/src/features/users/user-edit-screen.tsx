/**
 * /users/{id}/edit (docs/product.md#user-administration, #roles-and-permissions and
 * #errors-and-messages; canManageUsers only): name, email, user type, email confirmed and active,
 * loaded from `GET /admin/users/{id}` (a failed load: 'Failed to load user details' toast and back
 * to /users) and checked with the domain's `adminEditUserFormSchema` (name, email and user type
 * required). An admin editing their own account cannot change its user type or deactivate it: both
 * controls are disabled and say why (the server refuses it too: 409 `own_account`).
 * `PUT /admin/users/{id}`: 409 `email_taken` goes on the email field; the server's other
 * refusals (`own_account`, `last_admin`, by their code in the user's language, else the
 * server's message) show above the buttons and in the 'Failed to update user' toast;
 * success raises 'User updated successfully' and returns to /users.
 */
import { userPath } from '@solar/domain';
import { ChevronLeftIcon, Link, Spinner } from '@solar/ui';
import { useIntl } from 'react-intl';
import { SignedInShell } from '../../app/shell.tsx';
import { EditForm } from './user-edit-form.tsx';
import { useUserDetailOrLeave } from './user-queries.ts';

export default function UserEditScreen({ params }: { params: Record<string, string> }) {
  const intl = useIntl();
  const id = params.id ?? '';
  const query = useUserDetailOrLeave(id);
  return (
    <SignedInShell>
      <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
        <Link href={userPath(id)} className="inline-flex items-center gap-1 self-start text-sm">
          <ChevronLeftIcon className="size-4" aria-hidden="true" />
          {intl.formatMessage({ id: 'users.edit.back' })}
        </Link>
        <h1 className="text-2xl font-semibold">{intl.formatMessage({ id: 'users.edit.title' })}</h1>
        {query.data ? (
          // Keyed by the user: a background refetch must not reset what is being typed.
          <EditForm key={query.data.id} user={query.data} />
        ) : (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label={intl.formatMessage({ id: 'users.view.loading' })} />
          </div>
        )}
      </div>
    </SignedInShell>
  );
}
