import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ApiErrorSchema,
  DeletedCountSchema,
  PartFitmentChangeSchema,
  PartFitmentSchema,
  PartParamsSchema,
  VehicleFieldsSchema,
  VehicleIdParamsSchema,
  VehicleSchema,
} from '@apex/contract';

import { routeDocs } from '../../lib/route-docs';
import type { Fitment } from './service';
import { toFitmentJson, toVehicleJson } from './wire';

const doc = routeDocs('fitment', 400, 401, 403);

/** The admins' edits of the vehicles and of what each part fits. */
export const fitmentAdminRoutes: FastifyPluginAsyncZod<{ fitment: Fitment }> = async (
  app,
  { fitment },
) => {
  app.post(
    '/manage/vehicles',
    doc('Add a vehicle the shop sells for (admins)', {
      body: VehicleFieldsSchema,
      response: { 201: VehicleSchema, 409: ApiErrorSchema },
    }),
    async (request, reply) => {
      const row = await fitment.vehicles.add(await request.requireAdmin(), request.body);
      return reply.code(201).send(toVehicleJson(row));
    },
  );

  app.put(
    '/manage/vehicles/:id',
    doc('Change a vehicle (admins)', {
      params: VehicleIdParamsSchema,
      body: VehicleFieldsSchema,
      response: { 200: VehicleSchema, 404: ApiErrorSchema, 409: ApiErrorSchema },
    }),
    async (request) =>
      toVehicleJson(
        await fitment.vehicles.edit(await request.requireAdmin(), request.params.id, request.body),
      ),
  );

  app.delete(
    '/manage/vehicles/:id',
    doc('Delete a vehicle, with what fits it and the garages’ entries of it (admins)', {
      params: VehicleIdParamsSchema,
      response: { 200: DeletedCountSchema, 404: ApiErrorSchema },
    }),
    async (request) => fitment.vehicles.remove(await request.requireAdmin(), request.params.id),
  );

  app.put(
    '/manage/parts/:id/fitment',
    doc('Set which vehicles a part fits, or that it fits every vehicle (admins)', {
      params: PartParamsSchema,
      body: PartFitmentChangeSchema,
      response: { 200: PartFitmentSchema, 404: ApiErrorSchema },
    }),
    async (request) =>
      toFitmentJson(
        await fitment.parts.setFitment(
          await request.requireAdmin(),
          request.params.id,
          request.body,
        ),
      ),
  );
};
