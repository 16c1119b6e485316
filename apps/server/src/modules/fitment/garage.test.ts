import { describe, expect, it } from 'vitest';

import { type Garage, GARAGE_MAX_VEHICLES } from '@apex/contract';

import { type Caller, signUp } from '../../../test/accounts-helpers';
import { expectRefused } from '../../../test/answers';
import { makeVehicle } from '../../../test/fitment-helpers';
import { useTestApp } from '../../../test/test-app';

const t = useTestApp();

const EVO = '2019-lamborghini-huracan-evo';
const LP610 = '2016-lamborghini-huracan-lp610-4';
const GT3 = '2022-porsche-911-992-gt3';

async function threeVehicles() {
  const db = t.app.database.db;
  await makeVehicle(db);
  await makeVehicle(db, { generation: 'LP610-4', yearFrom: 2014, yearTo: 2019 });
  await makeVehicle(db, {
    make: 'Porsche',
    model: '911',
    generation: '992',
    trim: 'GT3',
    yearFrom: 2021,
    yearTo: 2024,
  });
}

const send = (
  customer: Caller,
  method: 'PUT' | 'POST',
  payload: { vehicles: string[]; current: string | null },
) =>
  t.app.inject({
    method,
    url: method === 'PUT' ? '/api/garage' : '/api/garage/merge',
    headers: customer.bearer,
    payload,
  });

const garageOf = async (customer: Caller) =>
  (await t.app.inject({ url: '/api/garage', headers: customer.bearer })).json<Garage>();

const keysOf = (garage: Garage) => garage.vehicles.map((v) => v.key);

describe('My Garage on the account', () => {
  it('starts empty, keeps the vehicles set, in their order, and the current one', async () => {
    await threeVehicles();
    const customer = await signUp(t.app);
    expect(await garageOf(customer)).toEqual({ vehicles: [], current: null });
    const set = await send(customer, 'PUT', { vehicles: [EVO, GT3], current: GT3 });
    expect(set.statusCode, set.body).toBe(200);
    const garage = await garageOf(customer);
    expect(keysOf(garage)).toEqual([EVO, GT3]);
    expect(garage.current).toBe(GT3);
    expect(garage.vehicles[0]?.name).toBe('2019 Lamborghini Huracán EVO');

    await send(customer, 'PUT', { vehicles: [GT3, LP610], current: LP610 });
    expect(await garageOf(customer)).toMatchObject({ current: LP610 });
    expect(keysOf(await garageOf(customer))).toEqual([GT3, LP610]);
    await send(customer, 'PUT', { vehicles: [GT3], current: null });
    expect(await garageOf(customer)).toMatchObject({ current: null });
  });

  it('refuses a vehicle the shop does not sell for, a current one not in it, and too many', async () => {
    await threeVehicles();
    const customer = await signUp(t.app);
    expectRefused(
      await send(customer, 'PUT', { vehicles: ['2030-lamborghini-huracan-evo'], current: null }),
      400,
      'A vehicle named is not one the shop sells for',
    );
    const notIn = await send(customer, 'PUT', { vehicles: [EVO], current: GT3 });
    expect(notIn.statusCode).toBe(400);
    const many = Array.from({ length: GARAGE_MAX_VEHICLES + 1 }, (_, i) => `${2019 + i}-x`);
    expect((await send(customer, 'PUT', { vehicles: many, current: null })).statusCode).toBe(400);
    expect(await garageOf(customer)).toEqual({ vehicles: [], current: null });
  });

  it("is each customer's own", async () => {
    await threeVehicles();
    const one = await signUp(t.app);
    const other = await signUp(t.app);
    await send(one, 'PUT', { vehicles: [EVO], current: EVO });
    expect(await garageOf(other)).toEqual({ vehicles: [], current: null });
  });
});

describe('the garage merged at sign-in', () => {
  it("adds the browser's vehicles to the account's, and its current vehicle becomes current", async () => {
    await threeVehicles();
    const customer = await signUp(t.app);
    await send(customer, 'PUT', { vehicles: [EVO], current: EVO });
    const merged = await send(customer, 'POST', { vehicles: [GT3, EVO], current: GT3 });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(keysOf(merged.json<Garage>())).toEqual([EVO, GT3]);
    expect(merged.json<Garage>().current).toBe(GT3);
  });

  it('keeps the account current when the browser has none, and leaves out unknown vehicles', async () => {
    await threeVehicles();
    const customer = await signUp(t.app);
    await send(customer, 'PUT', { vehicles: [EVO], current: EVO });
    const merged = await send(customer, 'POST', {
      vehicles: ['2030-lamborghini-huracan-evo', LP610],
      current: null,
    });
    expect(keysOf(merged.json<Garage>())).toEqual([EVO, LP610]);
    expect(merged.json<Garage>().current).toBe(EVO);
  });

  it(`stops at ${GARAGE_MAX_VEHICLES} vehicles`, async () => {
    await threeVehicles();
    const customer = await signUp(t.app);
    const years = ['2019', '2020', '2021', '2022', '2023'].map(
      (y) => `${y}-lamborghini-huracan-evo`,
    );
    await send(customer, 'PUT', { vehicles: years, current: null });
    const merged = await send(customer, 'POST', { vehicles: [GT3], current: GT3 });
    expect(keysOf(merged.json<Garage>())).toEqual(years);
    // The browser's current vehicle did not fit in: the account keeps none rather than a stranger.
    expect(merged.json<Garage>().current).toBeNull();
  });
});
