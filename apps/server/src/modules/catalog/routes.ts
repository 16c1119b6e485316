import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import {
  AddedPartSchema,
  ApiErrorSchema,
  DeletedCountSchema,
  NewPartSchema,
  PART_IMAGE_MAX_BYTES,
  PART_IMAGE_TYPES,
  PartConflictSchema,
  PartListSchema,
  PartPageSchema,
  PartParamsSchema,
  PartRestockSchema,
  PartSchema,
  PartSearchQuerySchema,
  PartUpdateSchema,
  UpdatedPartSchema,
  UploadedPartImageSchema,
} from '@apex/contract';

import { errorResponses } from '../../lib/error-responses';
import { sendCachedJson } from '../../lib/json-cache';
import type { Catalog } from './service';
import { fromNewPartJson, fromPartSearchQuery, fromPartUpdateJson, toPartJson } from './wire';

const errors = errorResponses(400, 401, 403, 404);

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: Catalog;
  /** The fitment module's answer: the ids of the parts that fit a `vehicle` parameter. */
  partsFitting: (vehicle: string) => Promise<ReadonlySet<string>>;
}> = async (app, { catalog, partsFitting }) => {
  app.get(
    '/parts',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'The parts on sale: all of them, or with any of the search fields one page of those that match',
        querystring: PartSearchQuerySchema,
        response: { 200: z.union([PartListSchema, PartPageSchema]), 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const search = fromPartSearchQuery(request.query);
      if (!search) {
        // The list held in memory is taken as it is; only a cold cache waits for the database.
        return sendCachedJson(reply, catalog.heldList() ?? (await catalog.listParts()));
      }
      const { vehicle } = request.query;
      const fitting = vehicle === undefined ? null : await partsFitting(vehicle);
      const { rows, total, next } = await catalog.searchParts({ ...search, fitting });
      return { parts: rows.map(toPartJson), total, next };
    },
  );

  app.get(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'One part on sale',
        params: PartParamsSchema,
        response: { 200: PartSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const part = await catalog.findPart(request.params.id);
      if (!part) throw app.httpErrors.notFound('There is no part with this id in the catalogue');
      return sendCachedJson(reply, part);
    },
  );

  app.post(
    '/parts',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Add a part to the catalogue (admins)',
        body: NewPartSchema,
        response: { 201: AddedPartSchema, ...errors },
      },
    },
    async (request, reply) => {
      const admin = await request.requireAdmin();
      const part = await catalog.addPart(admin, fromNewPartJson(request.body));
      return reply
        .code(201)
        .send({ insertedId: part.id, upsertedId: part.id, part: toPartJson(part) });
    },
  );

  app.put(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "Change a part's details, from the version the edit was made from; 409 with the part as it is now when it changed since (admins)",
        params: PartParamsSchema,
        body: PartUpdateSchema,
        response: { 200: UpdatedPartSchema, 409: PartConflictSchema, ...errors },
      },
    },
    async (request, reply) => {
      const edit = await catalog.updatePart(
        await request.requireAdmin(),
        request.params.id,
        fromPartUpdateJson(request.body),
      );
      if (!edit.saved) {
        return reply.code(409).send({
          statusCode: 409,
          error: 'Conflict',
          message:
            'This part changed while you were editing it (an order, a restock or another edit). Here it is as it is now: check it and save again.',
          part: toPartJson(edit.current),
        });
      }
      return { modifiedCount: 1, part: toPartJson(edit.part) };
    },
  );

  app.post(
    '/parts/:id/restock',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Add units to the stock as it is now (admins)',
        params: PartParamsSchema,
        body: PartRestockSchema,
        response: { 200: UpdatedPartSchema, 409: ApiErrorSchema, ...errors },
      },
    },
    async (request) => {
      const part = await catalog.restockPart(
        await request.requireAdmin(),
        request.params.id,
        request.body.units,
      );
      return { modifiedCount: 1, part: toPartJson(part) };
    },
  );

  app.delete(
    '/parts/:id',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Take a part off sale; orders that name it keep their history (admins)',
        params: PartParamsSchema,
        response: { 200: DeletedCountSchema, ...errors },
      },
    },
    async (request) => catalog.archivePart(await request.requireAdmin(), request.params.id),
  );

  await app.register(async (uploads) => {
    // The picture is the raw request body; what it is gets decided from its bytes, not this type.
    uploads.addContentTypeParser(
      [...PART_IMAGE_TYPES, 'application/octet-stream'],
      { parseAs: 'buffer' },
      (_request, body, done) => {
        done(null, body);
      },
    );
    uploads.post(
      '/part-images',
      {
        bodyLimit: PART_IMAGE_MAX_BYTES,
        // Who may upload is settled before a byte of the body is read.
        onRequest: async (request) => {
          await request.requireAdmin();
        },
        schema: {
          tags: ['catalog'],
          summary: 'Upload a part picture (admins): PNG, JPEG or WebP, up to 2 MB, as the body',
          consumes: [...PART_IMAGE_TYPES],
          response: {
            201: UploadedPartImageSchema,
            413: ApiErrorSchema,
            415: ApiErrorSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { body } = request;
        if (body !== undefined && !Buffer.isBuffer(body)) {
          // Text or JSON arrived through the shop's other body parsers: not a picture.
          throw app.httpErrors.unsupportedMediaType(
            'The picture must be a PNG, JPEG or WebP image',
          );
        }
        const image = await catalog.uploadPicture(
          await request.requireAdmin(),
          body ?? Buffer.alloc(0),
        );
        return reply.code(201).send({ image });
      },
    );
  });
};
