import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../shared/schemas/session';
import type { OrderRecord } from '../../repositories/order-repository';
import { VERIFIED_RIDER } from '../../test/support/session-users';
import { createOrderService, type OrdersDeps } from './orders';

const rider = VERIFIED_RIDER;

const placedBySimultaneousSend: OrderRecord = {
  id: 'order-1',
  accountId: rider.id,
  folder: 'noa-levi',
  scope: 'noa-levi',
  kind: 'picks',
  eventId: null,
  entryId: null,
  status: 'submitted',
  note: '',
  language: 'he',
  itemCount: 3,
  includedCount: 0,
  unitAmount: 200,
  totalAmount: 600,
  currency: 'ILS',
  paymentMethod: null,
  paidAmount: null,
  paidAt: null,
  delivery: null,
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
  reference: 'HD-1001',
  paymentReport: null,
  remindedAt: null,
};

/**
 * Two sends of one selection at once, in the order a database can interleave them: this send finds no open order,
 * then the other send commits its order and uses up the picks before this one reads them.
 */
function servicePartWayThroughTheOtherSend() {
  let openOrderChecks = 0;
  const deps = {
    access: { ownFolder: (user: SessionUser) => user.folder },
    picks: { ownScope: async () => ({ folder: 'noa-levi', mode: 'proofing', depositApplies: true }) },
    orders: {
      openOrderOf: async () => (openOrderChecks++ === 0 ? undefined : placedBySimultaneousSend),
      historyOf: async () =>
        new Map([[placedBySimultaneousSend.id, [{ status: 'submitted', at: '2026-11-24T08:00:00.000Z' }]]]),
      create: async () => {
        throw new Error('no order may be created without picks');
      },
    },
    proofing: { picksOf: async () => [] },
  } as unknown as OrdersDeps;
  return createOrderService(deps);
}

describe('sending a selection', () => {
  it('answers with the order a simultaneous send placed, when that send used up the picks first', async () => {
    const result = await servicePartWayThroughTheOtherSend().submit(rider, { note: '', language: 'he' });
    expect(result.created).toBe(false);
    expect(result.order).toMatchObject({ id: 'order-1', status: 'submitted', itemCount: 3 });
  });
});
