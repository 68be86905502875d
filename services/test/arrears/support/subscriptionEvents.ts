import { randomUUID } from 'node:crypto';
import {
  SubscriptionCancelledData,
  SubscriptionChargeDeclinedData,
  SubscriptionCreatedData,
  SubscriptionPeriodChargedData,
  SaleOverdueData,
  SaleOverdueSettledData,
} from '@cubre/schemas/subscriptions/events';
import type { EventStore } from '@cubre/platform/ports/eventStore';
import { derivedId } from '@cubre/platform/commands/eventIds';
import type { z } from 'zod';

/**
 * The subscription events the charge run records (schemas/src/subscriptions/events.ts), written as it
 * writes them: the subscriptions domain's code lands beside this one later (issue 15), and the arrears
 * reminders are built on its events, not its internals. Every payload is parsed by its schema first.
 */
export interface SubscriptionWriter {
  id: string;
  saleId: string;
  /** Writes the next event on the subscription's stream; its global position. */
  created(overrides?: Partial<z.input<typeof SubscriptionCreatedData>>): Promise<number>;
  declined(period: string, overdueCount: number, nextAttemptOn?: string | null): Promise<number>;
  charged(period: string): Promise<number>;
  cancelled(cause: 'requested' | 'retries_exhausted'): Promise<number>;
}

const system = {
  correlationId: 'charge-run',
  causationId: null,
  actor: { kind: 'system' as const, id: 'charge-subscriptions' },
};

export function subscriptionWriter(
  store: EventStore,
  clock: () => Date,
  buyerEmail = 'ana.perez@example.com',
): SubscriptionWriter {
  const id = randomUUID();
  const saleId = randomUUID();
  let attempt = 0;
  let overdue: number | null = null;
  const append = async (stream: string, type: string, data: unknown) =>
    (
      await store.append(stream, [
        {
          id: randomUUID(),
          type,
          data: data as Record<string, unknown>,
          occurredAt: clock().toISOString(),
          metadata: system,
        },
      ])
    ).globalPosition;
  const recurrentPaymentId = (period: string) => derivedId('recurrentPayment', `${id}:${period}`);
  return {
    id,
    saleId,
    created: (overrides = {}) =>
      append(
        `subscription-${id}`,
        'SubscriptionCreated',
        SubscriptionCreatedData.parse({
          subscriptionId: id,
          saleId,
          firstPaymentId: randomUUID(),
          country: 'CL',
          locale: 'es',
          product: {
            code: 'VIDA-L',
            name: 'Vida Libre',
            organization: { code: 'andes', name: 'Seguros Andes' },
          },
          buyer: { nombre: 'Ana Pérez', email: buyerEmail },
          amount: { amount: 12990, currency: 'CLP' },
          method: 'tdc',
          provider: 'kushki',
          gateway: 'sandbox',
          gatewaySubscriptionId: `sandbox-${id}`,
          operationDay: 5,
          startedOn: '2026-10-01',
          firstPeriod: '2026-10',
          nextOperationDate: '2026-11-01',
          ...overrides,
        }),
      ),
    async declined(period, overdueCount, nextAttemptOn = '2026-12-01') {
      attempt++;
      overdue = overdueCount;
      await append(
        `sale-${saleId}`,
        'SaleOverdue',
        SaleOverdueData.parse({ saleId, subscriptionId: id, period, overdueCount }),
      );
      return append(
        `subscription-${id}`,
        'SubscriptionChargeDeclined',
        SubscriptionChargeDeclinedData.parse({
          subscriptionId: id,
          saleId,
          period,
          recurrentPaymentId: recurrentPaymentId(period),
          attempt,
          kind: 'soft',
          providerCode: '006',
          catalogueCode: 'CODE004',
          forcedReason: null,
          overdueCount,
          nextAttemptOn,
        }),
      );
    },
    async charged(period) {
      attempt++;
      const before = overdue;
      overdue = null;
      if (before !== null) {
        await append(
          `sale-${saleId}`,
          'SaleOverdueSettled',
          SaleOverdueSettledData.parse({ saleId, subscriptionId: id, period }),
        );
      }
      return append(
        `subscription-${id}`,
        'SubscriptionPeriodCharged',
        SubscriptionPeriodChargedData.parse({
          subscriptionId: id,
          saleId,
          period,
          recurrentPaymentId: recurrentPaymentId(period),
          attempt,
          chargeId: `charge-${attempt}`,
          amount: { amount: 12990, currency: 'CLP' },
          forcedReason: null,
          overdueCountBefore: before,
          nextOperationDate: '2027-01-01',
        }),
      );
    },
    cancelled: (cause) =>
      append(
        `subscription-${id}`,
        'SubscriptionCancelled',
        SubscriptionCancelledData.parse({
          subscriptionId: id,
          saleId,
          outcome: 'without_payment',
          cause,
          finalPeriod: null,
          reason: null,
        }),
      ),
  };
}
