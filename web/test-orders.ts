import type { AdminOrder, ClientOrder } from '../shared/schemas/proofing';

/**
 * Orders as the API answers them, for component tests: a sent, unpaid order of three photos with nothing else to
 * show. A test names only what it is about in `overrides`, so a field the API gains is added here once.
 */
export function aClientOrder(overrides: Partial<ClientOrder> = {}): ClientOrder {
  return {
    id: '0b6c1e0e-9a55-4a53-9a3e-1c2f9b5d7a10',
    status: 'submitted',
    count: 3,
    total: { amount: 600, currency: 'ILS' },
    note: '',
    createdAt: '2026-05-01T10:00:00.000Z',
    history: [{ status: 'submitted', at: '2026-05-01T10:00:00.000Z' }],
    reference: 'HD-1001',
    payment: null,
    paymentReport: null,
    downloads: null,
    receipt: null,
    ...overrides,
  };
}

/** An order in the photographer's tab: aClientOrder's, with its client and three picked photos. */
export function anAdminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const { downloads: _clientsOnly, ...order } = aClientOrder();
  return {
    ...order,
    client: { name: 'Noa Levi', email: 'noa@example.com', folder: 'noa_example_com' },
    // Every pick has its edited version, so delivering asks nothing unless a test says otherwise.
    items: ['a', 'b', 'c'].map((id) => ({
      id,
      name: `${id}.jpg`,
      thumbnail: `/media/${id}/480.webp`,
      kind: 'image' as const,
      edited: true,
    })),
    payment: null,
    receiptNumber: null,
    delivery: null,
    kind: 'picks',
    event: null,
    entry: null,
    ...overrides,
  };
}
