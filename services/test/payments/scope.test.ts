import type { Principal } from '@cubre/schemas';
import { saleInScope, salesFilterOf, salesScopeOf } from '@cubre/services/payments/scope';
import { saleDetailOf, saleRecordOf } from '@cubre/services/payments/adminRoutes';

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

describe("who reads a family sale's health declaration (issue 14, 002-2.08)", () => {
  const doc = {
    _id: '7f8c9a52-1d3b-4b7e-9a51-2f3c4d5e6f70',
    state: 'OK' as const,
    country: 'CL',
    productCode: 'COMP-L',
    productName: 'Complementario Andes',
    organizationCode: 'Seguros-Andes',
    organizationName: 'Seguros Andes',
    buyer: { nombre: 'Cliente', rut: '12.345.678-5', email: 'cliente@example.com', telefono: '+56987654321' },
    dependants: [],
    health: [{ preexisting: true, preexistingDetail: 'Asma', pregnant: null, weightKg: 70, heightCm: 170 }],
    amount: { amount: 1000, currency: 'CLP' as const },
    amountMinor: 1000,
    currency: 'CLP',
    formatted: '$1.000',
    paymentMethod: 'tdc' as const,
    provider: 'kushki_ad',
    lastPaymentId: null,
    createdAt: '2026-11-26T00:00:00.000Z',
    updatedAt: '2026-11-26T00:00:00.000Z',
    revision: 1,
  };

  test('002-6.06 staff holding payment:read read it on one sale; a CLIENT reading their own sale and every list do not', () => {
    expect(saleDetailOf(doc, salesScopeOf(principal(['BACKOFFICE']))).health).toEqual(doc.health);
    expect(saleDetailOf(doc, salesScopeOf(principal(['CLIENT'])))).not.toHaveProperty('health');
    expect(saleRecordOf(doc)).not.toHaveProperty('health');
  });
});
