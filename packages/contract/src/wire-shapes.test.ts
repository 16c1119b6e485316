import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import * as contract from './index';

/*
 * Every shape the API documents, as the JSON Schema its OpenAPI document is built from: field
 * names, types, limits, the status values, the descriptions and the names the document gives
 * them. The spec's clients read these shapes, so a change to one is a change to the API: it must
 * show up in review as a change to `wire-shapes.json`, never slip through with a refactor.
 * (What a schema refuses and in which words is tested beside each schema.)
 */
const schemas = Object.entries(contract as Record<string, unknown>)
  .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
  .sort(([a], [b]) => a.localeCompare(b));

/**
 * As a client sends or reads it (a field with a default is one it may leave out). A refinement or
 * transform has no JSON Schema: `unrepresentable: 'any'` leaves it open instead of throwing, as
 * the OpenAPI document does; what it refuses is tested beside each schema.
 */
const asJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });

describe('the API’s documented shapes', () => {
  it('are exactly those reviewed in wire-shapes.json', async () => {
    const shapes = Object.fromEntries(
      schemas.map(([name, schema]) => [name, asJsonSchema(schema)]),
    );
    await expect(`${JSON.stringify(shapes, null, 2)}\n`).toMatchFileSnapshot('./wire-shapes.json');
  });

  it('cover every schema the contract exports', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });
});
