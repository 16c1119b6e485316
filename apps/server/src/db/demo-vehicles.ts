import type { VehicleFields } from '@apex/contract';

/** A vehicle of the demo shop, named by the key the parts below use. */
export interface DemoVehicle extends VehicleFields {
  key: string;
}

// Several makes, two with two generations, so the picker and the filter have something to show.
export const demoVehicles: readonly DemoVehicle[] = [
  {
    key: 'huracan-lp610',
    make: 'Lamborghini',
    model: 'Huracán',
    generation: 'LP610-4',
    yearFrom: 2014,
    yearTo: 2019,
    trim: null,
    engine: '5.2 L V10',
  },
  {
    key: 'huracan-evo',
    make: 'Lamborghini',
    model: 'Huracán',
    generation: 'EVO',
    yearFrom: 2019,
    yearTo: 2024,
    trim: null,
    engine: '5.2 L V10',
  },
  {
    key: '911-991-gt3',
    make: 'Porsche',
    model: '911',
    generation: '991.2',
    yearFrom: 2017,
    yearTo: 2019,
    trim: 'GT3',
    engine: '4.0 L flat-six',
  },
  {
    key: '911-992-gt3',
    make: 'Porsche',
    model: '911',
    generation: '992',
    yearFrom: 2021,
    yearTo: 2024,
    trim: 'GT3',
    engine: '4.0 L flat-six',
  },
  {
    key: '488-gtb',
    make: 'Ferrari',
    model: '488',
    generation: null,
    yearFrom: 2015,
    yearTo: 2019,
    trim: 'GTB',
    engine: '3.9 L twin-turbo V8',
  },
  {
    key: 'r8-v10',
    make: 'Audi',
    model: 'R8',
    generation: 'Type 4S',
    yearFrom: 2015,
    yearTo: 2023,
    trim: 'V10',
    engine: '5.2 L V10',
  },
];

/**
 * Which demo parts (by slug) fit which demo vehicles (by key); `universal` parts fit them all.
 * Parts named in neither fit no demo vehicle, so a filtered catalogue leaves them out.
 */
export const demoFitment: Readonly<Record<string, readonly string[] | 'universal'>> = {
  'turbo-kit': ['911-991-gt3', '911-992-gt3'],
  'titanium-exhaust': ['huracan-lp610', 'huracan-evo'],
  'big-brake-kit': ['huracan-evo', '911-992-gt3', 'r8-v10'],
  'coilover-suspension': ['huracan-lp610', 'huracan-evo', 'r8-v10'],
  'carbon-rear-wing': ['911-991-gt3', '911-992-gt3', '488-gtb'],
  'forged-wheels': ['huracan-lp610', 'huracan-evo', 'r8-v10'],
  'cold-air-intake': ['488-gtb', 'r8-v10'],
  'front-mount-intercooler': ['488-gtb'],
  'bucket-seat': 'universal',
  'quick-release-steering-wheel': 'universal',
  'rear-diffuser': ['huracan-evo', '488-gtb'],
  'twin-plate-clutch': ['911-991-gt3'],
  'track-brake-pads': 'universal',
};
