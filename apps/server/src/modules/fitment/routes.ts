import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import {
  ApiErrorSchema,
  FitmentListSchema,
  FitmentQuerySchema,
  GarageInputSchema,
  GarageSchema,
  ModelYearVehicleSchema,
  VehicleKeyParamsSchema,
  VehicleListSchema,
  VehicleOptionsQuerySchema,
  VehicleOptionsSchema,
} from '@apex/contract';

import { routeDocs } from '../../lib/route-docs';
import type { Fitment } from './service';
import { toFitmentJson, toGarageJson, toModelYearJson, toVehicleJson } from './wire';

const doc = routeDocs('fitment', 400);
const garageDoc = routeDocs('fitment', 400, 401);

/** What anyone may read of the vehicles and fitment, and the signed-in customer's garage. */
export const fitmentRoutes: FastifyPluginAsyncZod<{ fitment: Fitment }> = async (
  app,
  { fitment },
) => {
  app.get(
    '/vehicle-options',
    doc("The vehicle picker's choices: years, then a year's makes, models and trims", {
      querystring: VehicleOptionsQuerySchema,
      response: { 200: VehicleOptionsSchema },
    }),
    async (request) => fitment.vehicles.options(request.query),
  );

  app.get(
    '/vehicles',
    doc('Every vehicle the shop sells for', { response: { 200: VehicleListSchema } }),
    async () => (await fitment.vehicles.list()).map(toVehicleJson),
  );

  app.get(
    '/vehicles/:key',
    doc('A vehicle in one model year, named as the `vehicle` parameter names it', {
      params: VehicleKeyParamsSchema,
      response: { 200: ModelYearVehicleSchema, 404: ApiErrorSchema },
    }),
    async (request) => {
      const found = await fitment.vehicles.findByKey(request.params.key);
      if (!found) throw app.httpErrors.notFound('The shop sells for no such vehicle in that year');
      return toModelYearJson(found.row, found.year);
    },
  );

  app.get(
    '/fitment',
    doc('Which vehicles each part fits; parts not on sale are left out', {
      querystring: FitmentQuerySchema,
      response: { 200: FitmentListSchema },
    }),
    async (request) => ({
      parts: (await fitment.parts.fitmentOf(request.query.parts)).map(toFitmentJson),
    }),
  );

  app.get(
    '/garage',
    garageDoc('Your garage: your vehicles, and the one you shop for', {
      response: { 200: GarageSchema },
    }),
    async (request) => toGarageJson(await fitment.garage.view(await request.requireUser())),
  );

  app.put(
    '/garage',
    garageDoc('Set your garage: its vehicles and the current one', {
      body: GarageInputSchema,
      response: { 200: GarageSchema },
    }),
    async (request) =>
      toGarageJson(await fitment.garage.replace(await request.requireUser(), request.body)),
  );

  app.post(
    '/garage/merge',
    garageDoc(
      'Add the garage kept before signing in, while there is room; its current vehicle becomes yours',
      { body: GarageInputSchema, response: { 200: GarageSchema } },
    ),
    async (request) =>
      toGarageJson(await fitment.garage.merge(await request.requireUser(), request.body)),
  );
};
