import { SessionHolder, sessionOf, userOf, withUser } from '../src/session';

const answer = {
  expiresAt: '2026-11-23T18:00:00.000Z',
  csrfToken: 'csrf-of-the-session',
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

describe('the signed-in session (in memory; the token is in an HttpOnly cookie)', () => {
  test('a session answer becomes a session the page holds until it expires', () => {
    const holder = new SessionHolder();
    const session = sessionOf(answer);
    expect(session.user).not.toHaveProperty('extra');
    holder.set(session);
    expect(holder.get(new Date('2026-11-23T17:59:59Z'))).toEqual(session);
    expect(holder.get(new Date('2026-11-23T18:00:00Z'))).toBeNull();
    // An expired session is dropped, not kept around.
    expect(holder.get(new Date('2026-11-23T10:00:00Z'))).toBeNull();
  });

  test('an answer without expiry, CSRF token or user is refused; a token in it is not kept', () => {
    expect(() => sessionOf({ expiresAt: 'x', user: {} })).toThrow();
    expect(() => sessionOf({ csrfToken: 'x', expiresAt: 'x' })).toThrow();
    expect(() => sessionOf(null)).toThrow();
    expect(sessionOf({ ...answer, token: 'header.payload.signature' })).not.toHaveProperty('token');
  });

  test('a user from /api/admin/me replaces the held one (fresh permissions), the CSRF token stays', () => {
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
    const holder = new SessionHolder();
    holder.set(sessionOf(answer));
    holder.clear();
    expect(holder.get(new Date('2026-11-23T10:00:00Z'))).toBeNull();
  });
});
