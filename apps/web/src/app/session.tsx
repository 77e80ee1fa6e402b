/**
 * The signed-in session (spec section 3 and 4): the session user and access token kept in
 * browser storage under the spec's keys `user` and `authToken`. This first slice signs in
 * and out; refresh and the start-up rules arrive with the api package's session store.
 */
import { createContext, use, useMemo, useState, type ReactNode } from 'react';
import type { SessionUserDto, SignInResponse } from '@solar/api';

interface SessionValue {
  user: SessionUserDto | null;
  token: string | null;
  signedIn(response: SignInResponse): void;
  signOut(): void;
}

const SessionContext = createContext<SessionValue | null>(null);

function readUser(storage: Storage): SessionUserDto | null {
  try {
    const raw = storage.getItem('user');
    return raw ? (JSON.parse(raw) as SessionUserDto) : null;
  } catch {
    return null;
  }
}

export function SessionProvider({
  children,
  storage = localStorage,
}: {
  children: ReactNode;
  storage?: Storage;
}) {
  const [user, setUser] = useState(() => readUser(storage));
  const [token, setToken] = useState(() => storage.getItem('authToken'));
  const value = useMemo<SessionValue>(
    () => ({
      user,
      token,
      signedIn(response) {
        storage.setItem('user', JSON.stringify(response.user));
        storage.setItem('authToken', response.token);
        if (response.refreshToken) storage.setItem('refreshToken', response.refreshToken);
        setUser(response.user);
        setToken(response.token);
      },
      signOut() {
        for (const key of ['user', 'authToken', 'refreshToken', 'googleIdToken'])
          storage.removeItem(key);
        setUser(null);
        setToken(null);
      },
    }),
    [user, token, storage],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider');
  return value;
}
