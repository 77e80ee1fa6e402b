/**
 * The audit log's person filter (docs/product.md#audit-log): a search of accounts by name or
 * email (`GET /admin/users`, 10 suggestions, asked 300 ms after the last keystroke from 2
 * characters on); picking one filters the log to the changes that person made. Shown only
 * with canManageUsers (the search is that list's); otherwise a person is picked from a row.
 */
import { adminUserListQuery, useApiClient } from '@solar/api/react';
import { can, SUGGEST_DEBOUNCE_MS } from '@solar/domain';
import { ComboBox } from '@solar/ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDebounce } from 'use-debounce';
import { useNow } from '../../app/clock.tsx';
import { useSessionLike } from '../../app/session-gate.tsx';
import { useAuditText } from './audit-text.ts';

/** The search box; `onPick` gets the chosen account's id and name. */
export function PersonSearch({ onPick }: { onPick: (id: string, name: string) => void }) {
  const session = useSessionLike();
  const now = useNow();
  if (!can(session, 'canManageUsers', now())) return null;
  return <PersonSearchBox onPick={onPick} />;
}

function PersonSearchBox({ onPick }: { onPick: (id: string, name: string) => void }) {
  const { t } = useAuditText();
  const api = useApiClient();
  const [input, setInput] = useState('');
  const [term] = useDebounce(input.trim(), SUGGEST_DEBOUNCE_MS);
  const enabled = term.length >= 2;
  const query = useQuery({
    ...adminUserListQuery(api, { searchTerm: term, pageSize: 10 }),
    enabled,
    placeholderData: keepPreviousData,
  });
  const options = enabled
    ? (query.data?.items ?? []).map((user) => ({
        id: user.id,
        label: `${user.name} (${user.email})`,
      }))
    : [];

  return (
    <ComboBox
      label={t('audit.filter.person')}
      placeholder={t('audit.filter.personPlaceholder')}
      options={options}
      inputValue={input}
      onInputChange={setInput}
      selectedKey={null}
      onSelectionChange={(key) => {
        if (key === null) return;
        const user = query.data?.items.find((item) => item.id === key);
        if (user) onPick(user.id, user.name);
        setInput('');
      }}
      allowsCustomValue
      menuTrigger="input"
      {...(input.trim().length >= 2
        ? {
            emptyState: t(
              term !== input.trim() || query.isFetching
                ? 'audit.filter.personSearching'
                : 'audit.filter.personNone',
            ),
          }
        : {})}
    />
  );
}
