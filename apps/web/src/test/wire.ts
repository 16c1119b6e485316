import type { Order, Part } from '@apex/contract';

/** A part as the API sends it (the spec's names, the price in dollars). */
export function partJson(overrides: Partial<Part> = {}): Part {
  return {
    _id: 'p1',
    name: 'Carbon Rear Wing',
    image: '/images/parts/carbon-rear-wing.svg',
    description: 'Pre-preg carbon wing.',
    quantity: 5,
    minorder: 2,
    price: 120,
    version: 1,
    ...overrides,
  };
}

/** An unpaid order as the API sends it (the spec's names, prices in dollars). */
export function orderJson(overrides: Partial<Order> = {}): Order {
  return {
    _id: 'o1',
    orderId: 'p1',
    order: 'Carbon Wing',
    price: 250,
    unitPrice: 125,
    orderQuantity: 2,
    userName: 'Ada Driver',
    userEmail: 'ada@example.com',
    phone: '',
    address: '',
    payment: 'false',
    status: 'unpaid',
    transactionId: null,
    createdAt: new Date().toISOString(),
    testPayment: false,
    expiresAt: null,
    cancelReason: null,
    ...overrides,
  };
}
