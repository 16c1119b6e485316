import type { Cart, CartLine, Order, Part } from '@apex/contract';

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
    held: false,
    cancelReason: null,
    lines: [{ partId: 'p1', name: 'Carbon Wing', unitPrice: 125, quantity: 2, price: 250 }],
    ...overrides,
  };
}

/** A cart line as the API sends it (prices in dollars), with nothing against it. */
export function cartLineJson(overrides: Partial<CartLine> = {}): CartLine {
  return {
    partId: 'p1',
    name: 'Carbon Rear Wing',
    image: '/images/parts/carbon-rear-wing.svg',
    quantity: 2,
    unitPrice: 120,
    shownUnitPrice: 120,
    minOrder: 2,
    stock: 5,
    problem: null,
    message: null,
    ...overrides,
  };
}

/** A cart as the API sends it: these lines, and their total at today's prices. */
export function cartJson(lines: CartLine[]): Cart {
  return { lines, total: lines.reduce((total, line) => total + line.quantity * line.unitPrice, 0) };
}
