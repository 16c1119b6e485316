import { describe, expect, it } from 'vitest';

import type {
  ActivityPage,
  FitmentList,
  ModelYearVehicle,
  Part,
  PartFitment,
  PartPage,
  Vehicle,
  VehicleOptions,
} from '@apex/contract';

import { signUp, signUpAdmin } from '../../../test/accounts-helpers';
import { expectRefused } from '../../../test/answers';
import { makePart } from '../../../test/factories';
import { fit, makeUniversal, makeVehicle } from '../../../test/fitment-helpers';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const get = <T>(url: string) =>
  t.app.inject({ method: 'GET', url }).then((res) => {
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  });

/** Two Huracáns, a GT3, and parts fitting each, one universal and one fitting nothing. */
async function aSmallShop() {
  const db = t.app.database.db;
  const lp610 = await makeVehicle(db, { generation: 'LP610-4', yearFrom: 2014, yearTo: 2019 });
  const evo = await makeVehicle(db);
  const gt3 = await makeVehicle(db, {
    make: 'Porsche',
    model: '911',
    generation: '992',
    trim: 'GT3',
    yearFrom: 2021,
    yearTo: 2024,
  });
  const exhaust = await makePart(db, { name: 'Exhaust for the Huracán', priceCents: 200_000 });
  const wing = await makePart(db, { name: 'Wing for the GT3', priceCents: 150_000 });
  const seat = await makePart(db, { name: 'Bucket seat', priceCents: 90_000 });
  const mirror = await makePart(db, { name: 'Mirror for nothing', priceCents: 10_000 });
  await fit(db, exhaust.id, lp610, evo);
  await fit(db, wing.id, gt3);
  await makeUniversal(db, seat.id);
  return { lp610, evo, gt3, exhaust, wing, seat, mirror };
}

describe('the vehicle picker', () => {
  it('lists years, then makes, models and trims, each only what the shop sells for', async () => {
    await aSmallShop();
    const years = await get<VehicleOptions>('/api/vehicle-options');
    expect(years.years).toEqual([2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016, 2015, 2014]);
    expect(years.makes).toEqual([]);
    const of2019 = await get<VehicleOptions>('/api/vehicle-options?year=2019');
    expect(of2019.makes).toEqual(['Lamborghini']);
    const of2022 = await get<VehicleOptions>('/api/vehicle-options?year=2022');
    expect(of2022.makes).toEqual(['Lamborghini', 'Porsche']);
    const models = await get<VehicleOptions>('/api/vehicle-options?year=2019&make=Lamborghini');
    expect(models.models).toEqual(['Huracán']);
    const trims = await get<VehicleOptions>(
      `/api/vehicle-options?year=2019&make=Lamborghini&model=${encodeURIComponent('Huracán')}`,
    );
    expect(trims.vehicles).toEqual([
      {
        key: '2019-lamborghini-huracan-lp610-4',
        trim: 'LP610-4 (5.2 L V10)',
        name: '2019 Lamborghini Huracán LP610-4',
      },
      {
        key: '2019-lamborghini-huracan-evo',
        trim: 'EVO (5.2 L V10)',
        name: '2019 Lamborghini Huracán EVO',
      },
    ]);
  });

  it('names a vehicle in a model year by its key, and refuses a year it was not built in', async () => {
    await aSmallShop();
    const evo = await get<ModelYearVehicle>('/api/vehicles/2019-lamborghini-huracan-evo');
    expect(evo).toMatchObject({ year: 2019, name: '2019 Lamborghini Huracán EVO' });
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/vehicles/2012-lamborghini-huracan-evo' }),
      404,
      'The shop sells for no such vehicle in that year',
    );
  });
});

describe('the catalogue for a vehicle', () => {
  it('lists only the parts that fit it, universal ones included', async () => {
    await aSmallShop();
    const page = await get<PartPage>('/api/parts?vehicle=2019-lamborghini-huracan-evo');
    expect(page.parts.map((p) => p.name)).toEqual(['Bucket seat', 'Exhaust for the Huracán']);
    expect(page.total).toBe(2);
    const gt3 = await get<PartPage>('/api/parts?vehicle=2022-porsche-911-992-gt3&sort=price');
    expect(gt3.parts.map((p) => p.name)).toEqual(['Bucket seat', 'Wing for the GT3']);
  });

  it('combines with the words, the order and the stock filter', async () => {
    const { exhaust } = await aSmallShop();
    const words = await get<PartPage>('/api/parts?vehicle=2019-lamborghini-huracan-evo&q=exhaust');
    expect(words.parts.map((p) => p._id)).toEqual([exhaust.id]);
    const typo = await get<PartPage>('/api/parts?vehicle=2019-lamborghini-huracan-evo&q=exhast');
    expect(typo.parts.map((p) => p._id)).toEqual([exhaust.id]);
    const paged = await get<PartPage>(
      '/api/parts?vehicle=2019-lamborghini-huracan-evo&sort=price-desc&limit=1',
    );
    expect(paged.parts.map((p) => p._id)).toEqual([exhaust.id]);
    expect(paged.total).toBe(2);
    const next = await get<PartPage>(
      `/api/parts?vehicle=2019-lamborghini-huracan-evo&sort=price-desc&limit=1&cursor=${paged.next}`,
    );
    expect(next.parts.map((p) => p.name)).toEqual(['Bucket seat']);
  });

  it('refuses a vehicle the shop does not sell for, and a malformed one', async () => {
    await aSmallShop();
    expectRefused(
      await t.app.inject({ method: 'GET', url: '/api/parts?vehicle=2030-lamborghini-huracan-evo' }),
      400,
      'vehicle names no vehicle the shop sells for: 2030-lamborghini-huracan-evo',
    );
    const malformed = await t.app.inject({ method: 'GET', url: '/api/parts?vehicle=huracan' });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers the whole list as before without the parameter', async () => {
    await aSmallShop();
    const list = await get<Part[]>('/api/parts');
    expect(list).toHaveLength(4);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      ['_id', 'description', 'image', 'minorder', 'name', 'price', 'quantity', 'version'].sort(),
    );
  });
});

describe("a part's fitment", () => {
  it('lists every vehicle each part fits, or says it fits all', async () => {
    const { exhaust, seat, mirror } = await aSmallShop();
    const { parts } = await get<FitmentList>(
      `/api/fitment?parts=${exhaust.id},${seat.id},${mirror.id},not-a-part`,
    );
    expect(parts.map((p) => [p.universal, p.vehicles.map((v) => v.name)])).toEqual([
      [false, ['Lamborghini Huracán LP610-4', 'Lamborghini Huracán EVO']],
      [true, []],
      [false, []],
    ]);
  });

  it('is set by an admin, who is recorded doing it', async () => {
    const { mirror, gt3, evo } = await aSmallShop();
    const admin = await signUpAdmin(t.app);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/parts/${mirror.id}/fitment`,
      headers: admin.bearer,
      payload: { universal: false, vehicleIds: [gt3.id, evo.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PartFitment>().vehicles.map((v) => v.name)).toEqual([
      'Lamborghini Huracán EVO',
      'Porsche 911 992 GT3',
    ]);
    const gt3Parts = await get<PartPage>('/api/parts?vehicle=2023-porsche-911-992-gt3');
    expect(gt3Parts.parts.map((p) => p.name)).toContain('Mirror for nothing');
    const activity = await t.app.inject({ url: '/api/activity', headers: admin.bearer });
    expect(activity.json<ActivityPage>().entries[0]).toMatchObject({
      action: 'part.fitment',
      subject: { type: 'part', id: mirror.id },
      after: { universal: false, vehicles: 'Lamborghini Huracán EVO; Porsche 911 992 GT3' },
    });
  });

  it('refuses a vehicle that does not exist, and changes nothing', async () => {
    const { exhaust } = await aSmallShop();
    const admin = await signUpAdmin(t.app);
    expectRefused(
      await t.app.inject({
        method: 'PUT',
        url: `/api/manage/parts/${exhaust.id}/fitment`,
        headers: admin.bearer,
        payload: { universal: true, vehicleIds: ['00000000-0000-4000-8000-000000000000'] },
      }),
      400,
      'A vehicle named is not one the shop sells for: reload the list',
    );
    const { parts } = await get<FitmentList>(`/api/fitment?parts=${exhaust.id}`);
    expect(parts[0]).toMatchObject({ universal: false });
    expect(parts[0]?.vehicles).toHaveLength(2);
  });
});

describe('the vehicles, as admins manage them', () => {
  const fields = {
    make: 'Ferrari',
    model: '488',
    generation: '',
    yearFrom: 2015,
    yearTo: 2019,
    trim: 'GTB',
    engine: '3.9 L twin-turbo V8',
  };

  it('adds, edits and deletes a vehicle; a second with the same words is refused', async () => {
    const admin = await signUpAdmin(t.app);
    const add = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/manage/vehicles', headers: admin.bearer, payload });
    const added = await add(fields);
    expect(added.statusCode, added.body).toBe(201);
    const vehicle = added.json<Vehicle>();
    expect(vehicle).toMatchObject({
      slug: 'ferrari-488-gtb',
      generation: null,
      name: 'Ferrari 488 GTB',
    });
    expectRefused(await add(fields), 409, 'The shop has a vehicle named Ferrari 488 GTB already');

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/manage/vehicles/${vehicle._id}`,
      headers: admin.bearer,
      payload: { ...fields, yearTo: 2020 },
    });
    expect(edited.json<Vehicle>().yearTo).toBe(2020);
    expect((await get<Vehicle[]>('/api/vehicles')).map((v) => v.name)).toEqual(['Ferrari 488 GTB']);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/manage/vehicles/${vehicle._id}`,
      headers: admin.bearer,
    });
    expect(deleted.json()).toEqual({ deletedCount: 1 });
    expect(await get<Vehicle[]>('/api/vehicles')).toEqual([]);
    const activity = await t.app.inject({ url: '/api/activity', headers: admin.bearer });
    expect(activity.json<ActivityPage>().entries.map((e) => e.action)).toEqual([
      'vehicle.delete',
      'vehicle.edit',
      'vehicle.add',
    ]);
  });

  it('refuses a last year before the first, and customers', async () => {
    const admin = await signUpAdmin(t.app);
    const backwards = await t.app.inject({
      method: 'POST',
      url: '/api/manage/vehicles',
      headers: admin.bearer,
      payload: { ...fields, yearTo: 2010 },
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<{ message: string }>().message).toContain(
      'The last year cannot be before the first year',
    );
    const customer = await signUp(t.app);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/manage/vehicles',
      headers: customer.bearer,
      payload: fields,
    });
    expect(refused.statusCode).toBe(403);
  });
});
