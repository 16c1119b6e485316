import { describe, expect, it } from 'vitest';

import { orderRequest } from './shop';

describe("a customer's order", () => {
  const customer = { email: 'a@example.com', password: 'p', token: 'token-1', ip: '198.18.0.2' };
  const part = { id: 'part-1', name: 'Brake kit', stock: 40, minOrder: 3, price: 12.5 };

  it('names the part by its id in the spec’s orderId and asks for its minimum order', () => {
    expect(orderRequest(customer, part).body).toMatchObject({
      orderId: 'part-1',
      orderQuantity: 3,
    });
  });

  it('is signed by the customer and comes from the customer’s own address', () => {
    expect(orderRequest(customer, part).headers).toEqual({
      authorization: 'Bearer token-1',
      'x-forwarded-for': '198.18.0.2',
    });
  });
});
