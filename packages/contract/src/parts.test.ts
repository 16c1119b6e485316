import { describe, expect, it } from 'vitest';

import {
  isPartImage,
  NewPartSchema,
  PartDetailsSchema,
  PartFieldsSchema,
  PartParamsSchema,
  PartRestockSchema,
  PartUpdateSchema,
} from './parts';
import { problems } from './testing/field-problems';

/** A part's details without its stock, as the edit form has them. */
const details = {
  name: 'Twin-Scroll Turbocharger Kit',
  minorder: 2,
  price: 3899,
  image: '/images/parts/turbo-kit.svg',
  description: 'A turbo.',
};

/** What Add A Product sends, with any field changed. */
const makePartInput = (overrides: Record<string, unknown> = {}) => ({
  ...details,
  quantity: 40,
  ...overrides,
});
const addPart = (overrides: Record<string, unknown> = {}) =>
  NewPartSchema.safeParse(makePartInput(overrides));
const setStock = (quantity: unknown) =>
  PartFieldsSchema.safeParse(makePartInput({ minorder: 1, quantity }));

describe('a part’s name, picture and description', () => {
  it('a part as Add A Product sends it is accepted as typed', () => {
    expect(NewPartSchema.parse(makePartInput())).toEqual(makePartInput());
  });

  it('a missing or blank name says "Name is required"', () => {
    for (const name of [undefined, '', '   ']) {
      expect(problems(addPart({ name })), String(name)).toEqual({ name: ['Name is required'] });
    }
  });

  it('a name of 120 characters is kept without spaces around it; 121 are refused', () => {
    const name = 'n'.repeat(120);
    expect(NewPartSchema.parse(makePartInput({ name: `  ${name} ` })).name).toBe(name);
    expect(problems(addPart({ name: `${name}n` }))).toEqual({
      name: ['Name must be 120 characters or fewer'],
    });
  });

  it('a missing picture asks to add one', () => {
    expect(problems(addPart({ image: undefined }))).toEqual({ image: ['Add an image'] });
  });

  it('a blank picture asks for a web address or an uploaded picture', () => {
    expect(problems(addPart({ image: '  ' }))).toEqual({
      image: [
        'Add an image: a web address or an uploaded picture',
        'The image must be an http or https address, or an uploaded picture',
      ],
    });
  });

  it('a picture address of 2,048 characters is kept without spaces around it; 2,049 are refused', () => {
    const image = `https://cdn.example.com/${'a'.repeat(2048 - 24)}`;
    expect(image).toHaveLength(2048);
    expect(NewPartSchema.parse(makePartInput({ image: ` ${image}\n` })).image).toBe(image);
    expect(problems(addPart({ image: `${image}a` }))).toEqual({
      image: ['The image address must be 2,048 characters or fewer'],
    });
  });

  it('a shop picture with spaces around it is accepted without them', () => {
    expect(
      NewPartSchema.parse(makePartInput({ image: ' /uploads/parts/3f2a9b.webp ' })).image,
    ).toBe('/uploads/parts/3f2a9b.webp');
  });

  it('a picture that is neither a web address nor the shop’s own is refused', () => {
    expect(problems(addPart({ image: 'ftp://example.com/turbo.png' }))).toEqual({
      image: ['The image must be an http or https address, or an uploaded picture'],
    });
  });

  it('a description of 2,000 characters is kept without spaces around it; 2,001 are refused', () => {
    const description = 'd'.repeat(2000);
    expect(
      NewPartSchema.parse(makePartInput({ description: `\n${description} ` })).description,
    ).toBe(description);
    expect(problems(addPart({ description: `${description}d` }))).toEqual({
      description: ['Description must be 2,000 characters or fewer'],
    });
  });

  it('a blank description is saved empty; one that is not text is refused', () => {
    expect(NewPartSchema.parse(makePartInput({ description: '   ' })).description).toBe('');
    expect(problems(addPart({ description: 42 }))).toEqual({
      description: ['Description must be text'],
    });
  });
});

describe('a part’s price', () => {
  it('a price of $0.01 and a price of $999,999.99 are accepted', () => {
    for (const price of [0.01, 999_999.99]) {
      expect(NewPartSchema.parse(makePartInput({ price })).price, `${price}`).toBe(price);
    }
  });

  it('a price of $32.02 is accepted', () => {
    expect(NewPartSchema.parse(makePartInput({ price: 32.02 })).price).toBe(32.02);
  });

  it('a price of $0 is refused: "The price must be at least 0.01"', () => {
    expect(problems(addPart({ price: 0 }))).toEqual({
      price: ['The price must be at least 0.01'],
    });
  });

  it('a price of $1,000,000.00 is refused: "The price must be at most 999,999.99"', () => {
    expect(problems(addPart({ price: 1_000_000 }))).toEqual({
      price: ['The price must be at most 999,999.99'],
    });
  });

  it('a price with a fraction of a cent is refused: "at most 2 decimals"', () => {
    expect(problems(addPart({ price: 19.999 }))).toEqual({
      price: ['The price can have at most 2 decimals'],
    });
    expect(problems(addPart({ price: 0.009 }))).toEqual({
      price: ['The price must be at least 0.01', 'The price can have at most 2 decimals'],
    });
  });

  it('a missing or non-numeric price asks for a number', () => {
    for (const price of [undefined, Number.NaN, '12']) {
      expect(problems(addPart({ price })), String(price)).toEqual({
        price: ['Enter the price as a number'],
      });
    }
  });
});

describe('a part’s minimum order and stock', () => {
  it('a minimum order from 1 to 1,000,000 is accepted; 0 and 1,000,001 are refused', () => {
    expect(addPart({ minorder: 1 }).success).toBe(true);
    expect(addPart({ minorder: 1_000_000, quantity: 1_000_000 }).success).toBe(true);
    expect(problems(addPart({ minorder: 0 }))).toEqual({
      minorder: ['The minimum order must be at least 1'],
    });
    const fields = makePartInput({ minorder: 1_000_001, quantity: 1_000_000 });
    expect(problems(PartFieldsSchema.safeParse(fields))).toEqual({
      minorder: ['The minimum order must be at most 1,000,000'],
    });
  });

  it('a minimum order that is not a whole number is refused', () => {
    expect(problems(addPart({ minorder: 1.5 }))).toEqual({
      minorder: ['The minimum order must be a whole number'],
    });
    expect(problems(addPart({ minorder: undefined }))).toEqual({
      minorder: ['Enter the minimum order as a number'],
    });
  });

  it('a stock from 0 to 1,000,000 is accepted; -1 and 1,000,001 are refused', () => {
    expect(setStock(0).success).toBe(true);
    expect(setStock(1_000_000).success).toBe(true);
    expect(problems(setStock(-1))).toEqual({ quantity: ['The quantity cannot be negative'] });
    expect(problems(setStock(1_000_001))).toEqual({
      quantity: ['The quantity must be at most 1,000,000'],
    });
  });

  it('a stock that is not a whole number is refused', () => {
    expect(problems(setStock(2.5))).toEqual({ quantity: ['The quantity must be a whole number'] });
    expect(problems(setStock(undefined))).toEqual({
      quantity: ['Enter the quantity as a number'],
    });
  });

  it('a new part with stock for exactly one minimum order is accepted', () => {
    expect(addPart({ minorder: 10, quantity: 10 }).success).toBe(true);
  });

  it('a new part with less stock than its minimum order is refused under the quantity', () => {
    expect(problems(addPart({ minorder: 10, quantity: 9 }))).toEqual({
      quantity: ['The quantity must be at least the minimum order'],
    });
  });
});

describe('editing and restocking a part', () => {
  const editPart = (version: unknown) => PartUpdateSchema.safeParse({ ...details, version });

  it('an edit names the version it was made from, a whole number from 1', () => {
    expect(editPart(1).success).toBe(true);
    expect(problems(editPart(0))).toEqual({
      version: ['The version must be a whole number from 1'],
    });
    expect(problems(editPart(1.5))).toEqual({ version: ['The version must be a whole number'] });
    expect(problems(editPart(undefined))).toEqual({
      version: ['The version of the part this edit was made from is required'],
    });
  });

  it('an edit does not carry the stock: units sold meanwhile are not put back', () => {
    const edit = PartUpdateSchema.parse({ ...details, version: 3, quantity: 999 });
    expect(edit).not.toHaveProperty('quantity');
  });

  it('the edit form checks the same details as Add A Product', () => {
    expect(PartDetailsSchema.safeParse({ ...details, price: 19.999 }).success).toBe(false);
    expect(PartDetailsSchema.parse({ ...details, name: ' Turbo ' }).name).toBe('Turbo');
  });

  const restock = (units: unknown) => PartRestockSchema.safeParse({ units });

  it('a restock adds from 1 to 1,000,000 units', () => {
    expect(PartRestockSchema.parse({ units: 1 })).toEqual({ units: 1 });
    expect(PartRestockSchema.parse({ units: 1_000_000 })).toEqual({ units: 1_000_000 });
    expect(problems(restock(0))).toEqual({ units: ['Add at least 1 unit'] });
    expect(problems(restock(1_000_001))).toEqual({
      units: ['At most 1,000,000 units can be added'],
    });
  });

  it('a restock of part of a unit, or of no number, is refused', () => {
    expect(problems(restock(1.5))).toEqual({
      units: ['The number of units must be a whole number'],
    });
    for (const units of [undefined, '3']) {
      expect(problems(restock(units)), String(units)).toEqual({
        units: ['Enter the number of units as a number'],
      });
    }
  });

  it('a part id of 64 characters is accepted in an address; 65 are refused', () => {
    expect(PartParamsSchema.safeParse({ id: 'p'.repeat(64) }).success).toBe(true);
    expect(PartParamsSchema.safeParse({ id: 'p'.repeat(65) }).success).toBe(false);
  });
});

describe('part pictures', () => {
  it('web addresses and the shop’s own pictures are accepted', () => {
    for (const image of [
      'https://cdn.example.com/parts/turbo.png',
      'http://example.com/turbo.jpg',
      '/images/parts/turbo-kit.svg',
      '/uploads/parts/3f2a-9b.webp',
      '/uploads/parts/0a1b2c.jpg',
      `/uploads/parts/${'a'.repeat(80)}.png`,
    ]) {
      expect(isPartImage(image), image).toBe(true);
    }
  });

  it('other schemes, relative paths and other folders or formats are refused', () => {
    for (const image of [
      'ftp://example.com/turbo.png',
      'javascript:alert(1)',
      'data:image/png;base64,iVBORw0KGgo=',
      'https://',
      '//example.com/turbo.png',
      'images/parts/turbo-kit.svg',
      '/images/parts/../../etc/passwd.svg',
      '/images/parts/Turbo.svg',
      '/images/other/turbo.svg',
      '/uploads/parts/turbo.gif',
      `/uploads/parts/${'a'.repeat(81)}.png`,
      '/uploads/parts/turbo.png?x=1',
      // The shop's own path inside another address, or a scheme that only contains "http".
      'javascript:alert(1)//images/parts/turbo-kit.svg',
      'xhttps://example.com/turbo.png',
      'httpx://example.com/turbo.png',
    ]) {
      expect(isPartImage(image), image).toBe(false);
    }
  });
});
