import type { Principal } from '@cubre/schemas';
import { saleInScope, salesFilterOf, salesScopeOf } from '@cubre/services/payments/scope';

const principal = (roles: Principal['roles'], organizationId: string | null = null): Principal => ({
  userId: 'u-1',
  email: 'Cliente@Example.com',
  name: 'Cliente',
  roles,
  permissions: new Set(['payment:read']),
  organizationId,
});

describe('whose sales a console user reads (services/src/payments/scope.ts)', () => {
  test('staff read every sale; a company administrator none; a CLIENT the ones bought with their e-mail', () => {
    expect(salesFilterOf(salesScopeOf(principal(['BACKOFFICE'])))).toEqual({});
    expect(salesFilterOf(salesScopeOf(principal(['ADMIN_EMPRESA_CLIENTE'], 'org-1')))).toBeNull();
    expect(salesFilterOf(salesScopeOf(principal(['CLIENT'])))).toEqual({
      'buyer.email': 'cliente@example.com',
    });
    // A CLIENT who is also staff reads as staff.
    expect(salesScopeOf(principal(['CLIENT', 'POSTVENTA']))).toEqual({ kind: 'all' });
  });

  test('a CLIENT reaches a sale by id only when it is their own', () => {
    const client = salesScopeOf(principal(['CLIENT']));
    expect(saleInScope(client, { buyer: { email: 'cliente@example.com ' } })).toBe(true);
    expect(saleInScope(client, { buyer: { email: 'otra@example.com' } })).toBe(false);
    expect(
      saleInScope(salesScopeOf(principal(['ADMIN_EMPRESA_CLIENTE'], 'org-1')), {
        buyer: { email: 'x@y.cl' },
      }),
    ).toBe(false);
  });
});
