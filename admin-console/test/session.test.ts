import {
  SESSION_KEY,
  clearSession,
  readSession,
  sessionOf,
  userOf,
  withUser,
  writeSession,
} from '../src/session';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

const answer = {
  token: 'header.payload.signature',
  expiresAt: '2026-11-23T18:00:00.000Z',
  user: {
    id: 'u-1',
    email: 'ejecutivo@demo.cl',
    name: 'Elena Ejecutiva',
    roles: ['EJECUTIVO'],
    permissions: ['lead:read', 'lead:update-status'],
    organizationId: null,
    mustChangePassword: false,
    extra: 'dropped',
  },
};

describe('the signed-in session', () => {
  test('POST /token answers become a stored session that reads back until it expires', () => {
    const storage = memoryStorage();
    const session = sessionOf(answer);
    expect(session.user).not.toHaveProperty('extra');
    writeSession(storage, session);
    expect(readSession(storage, new Date('2026-11-23T17:59:59Z'))).toEqual(session);
    expect(readSession(storage, new Date('2026-11-23T18:00:00Z'))).toBeNull();
    // An expired session is removed, not kept around.
    expect(storage.items.has(SESSION_KEY)).toBe(false);
  });

  test('a broken stored value is treated as no session and removed', () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_KEY, '{not json');
    expect(readSession(storage, new Date())).toBeNull();
    storage.setItem(SESSION_KEY, JSON.stringify({ token: 1 }));
    expect(readSession(storage, new Date())).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  test('an answer without token or user is refused', () => {
    expect(() => sessionOf({ token: 'x' })).toThrow();
    expect(() => sessionOf(null)).toThrow();
  });

  test('a user from /api/admin/me replaces the stored one (fresh permissions), the token stays', () => {
    const session = sessionOf(answer);
    const fresh = userOf({ ...answer.user, permissions: ['lead:read'], mustChangePassword: true });
    expect(withUser(session, fresh)).toEqual({
      ...session,
      user: { ...session.user, permissions: ['lead:read'], mustChangePassword: true },
    });
  });

  test('userOf keeps only strings in lists and defaults what is missing', () => {
    expect(userOf({ id: 7, roles: ['A', 3], permissions: null })).toEqual({
      id: '7',
      email: '',
      name: '',
      roles: ['A'],
      permissions: [],
      organizationId: null,
      mustChangePassword: false,
    });
  });

  test('logout clears the session', () => {
    const storage = memoryStorage();
    writeSession(storage, sessionOf(answer));
    clearSession(storage);
    expect(readSession(storage, new Date('2026-11-23T10:00:00Z'))).toBeNull();
  });
});
