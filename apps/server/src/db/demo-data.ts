/** A part of the demo catalog; its image is /images/parts/<slug>.svg, shipped with the web app. */
export interface DemoPart {
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  stock: number;
  minOrder: number;
}

export interface DemoReview {
  reviewerName: string;
  reviewerEmail: string;
  rating: number;
  description: string;
}

export const demoParts: readonly DemoPart[] = [
  {
    slug: 'turbo-kit',
    name: 'Twin-Scroll Turbocharger Kit',
    description:
      'Ball-bearing twin-scroll turbo with a stainless-steel manifold, 44 mm external wastegate and all oil and coolant lines. Rated to 1.6 bar of boost and up to 480 hp with supporting mods.',
    priceCents: 389900,
    stock: 24,
    minOrder: 1,
  },
  {
    slug: 'titanium-exhaust',
    name: 'Titanium Cat-Back Exhaust',
    description:
      'Full grade 2 titanium cat-back system with 76 mm piping and burnt-blue tips. Weighs 9.8 kg, about 14 kg less than the factory exhaust, and bolts on using the original hangers.',
    priceCents: 249500,
    stock: 36,
    minOrder: 1,
  },
  {
    slug: 'big-brake-kit',
    name: 'Six-Piston Big Brake Kit',
    description:
      'Forged aluminium six-piston front calipers with 380 mm two-piece slotted discs, braided lines and mounting brackets. Needs 19-inch wheels or larger to clear the calipers.',
    priceCents: 329000,
    stock: 30,
    minOrder: 1,
  },
  {
    slug: 'coilover-suspension',
    name: 'Adjustable Coilover Suspension',
    description:
      'Monotube coilovers with 32-click damping adjustment, threaded ride-height adjustment and pillowball top mounts. Supplied with 10 kg/mm front and 8 kg/mm rear springs.',
    priceCents: 184900,
    stock: 48,
    minOrder: 1,
  },
  {
    slug: 'carbon-rear-wing',
    name: 'Carbon Fibre Rear Wing',
    description:
      'Pre-preg carbon fibre swan-neck wing with a 1,500 mm span and five angle-of-attack settings. Makes around 120 kg of downforce at 200 km/h and mounts to the boot lid with aluminium brackets.',
    priceCents: 149900,
    stock: 22,
    minOrder: 1,
  },
  {
    slug: 'forged-wheels',
    name: 'Forged Monoblock Wheel',
    description:
      'Single wheel machined from a 6061-T6 forged aluminium blank, available in 19 x 9.5 or 19 x 10.5 inches. Weighs 8.9 kg and is rated to a 750 kg load. Sold individually; order four for a set.',
    priceCents: 89500,
    stock: 160,
    minOrder: 4,
  },
  {
    slug: 'cold-air-intake',
    name: 'Carbon Cold-Air Intake',
    description:
      'Sealed carbon fibre airbox with a washable cotton filter and a 90 mm mandrel-bent intake pipe. Draws cool air from behind the headlight and keeps the factory MAF sensor housing.',
    priceCents: 64900,
    stock: 85,
    minOrder: 1,
  },
  {
    slug: 'front-mount-intercooler',
    name: 'Front-Mount Intercooler',
    description:
      'Bar-and-plate intercooler core measuring 600 x 300 x 76 mm, with cast end tanks and 63 mm polished aluminium piping. Drops intake temperatures by up to 25 °C over the factory unit.',
    priceCents: 119900,
    stock: 40,
    minOrder: 1,
  },
  {
    slug: 'bucket-seat',
    name: 'Carbon Racing Bucket Seat',
    description:
      'FIA 8855-1999 approved carbon-Kevlar bucket seat weighing 6.2 kg, trimmed in fire-retardant fabric. Fits side-mount brackets and has harness slots for six-point belts.',
    priceCents: 179500,
    stock: 28,
    minOrder: 1,
  },
  {
    slug: 'quick-release-steering-wheel',
    name: 'Alcantara Quick-Release Steering Wheel',
    description:
      '350 mm Alcantara-trimmed wheel with a top-centre marker stripe and an anodised quick-release hub. Car-specific boss kits are sold separately; not for road cars that need a steering airbag.',
    priceCents: 54900,
    stock: 60,
    minOrder: 1,
  },
  {
    slug: 'rear-diffuser',
    name: 'Carbon Rear Diffuser',
    description:
      'Twill-weave carbon fibre diffuser with four vertical strakes and a gloss UV-resistant lacquer. Replaces the lower rear valance and fits with the factory exhaust or our titanium cat-back.',
    priceCents: 98900,
    stock: 32,
    minOrder: 1,
  },
  {
    slug: 'twin-plate-clutch',
    name: 'Twin-Plate Racing Clutch',
    description:
      'Twin 215 mm sintered-metal plates with a lightweight chromoly flywheel, rated to 750 Nm of torque. Pedal effort stays close to standard, making it usable on the road as well as the track.',
    priceCents: 159900,
    stock: 26,
    minOrder: 1,
  },
  {
    slug: 'led-headlights',
    name: 'LED Matrix Headlight Set',
    description:
      'Pair of plug-and-play LED matrix headlights with 84 individually controlled segments, sequential indicators and E-marked lenses. Connects to the factory loom with no coding required.',
    priceCents: 139900,
    stock: 45,
    minOrder: 1,
  },
  {
    slug: 'track-brake-pads',
    name: 'Endurance Track Brake Pads',
    description:
      'Sintered metallic pads for endurance racing, stable from 100 °C to 800 °C with low fade over long stints. Sold per axle set and designed to suit our six-piston calipers.',
    priceCents: 18900,
    stock: 380,
    minOrder: 2,
  },
];

export const demoReviews: readonly DemoReview[] = [
  {
    reviewerName: 'Oliver Bennett',
    reviewerEmail: 'oliver.bennett@example.com',
    rating: 5,
    description:
      'The titanium cat-back bolted straight on using the original hangers and the car feels noticeably lighter at the rear. It has a deep note at idle and no drone on the motorway.',
  },
  {
    reviewerName: 'Sofia Romano',
    reviewerEmail: 'sofia.romano@example.com',
    rating: 5,
    description:
      'We fitted the six-piston big brake kit to a customer car at our workshop. Everything came in the box, the brackets lined up first time and the pedal feel is superb.',
  },
  {
    reviewerName: 'Kenji Watanabe',
    reviewerEmail: 'kenji.watanabe@example.com',
    rating: 4,
    description:
      'The coilovers are well made and easy to set up. The damping range is wide enough for road and track. I took a star off because delivery took nine days instead of five.',
  },
  {
    reviewerName: 'Lena Fischer',
    reviewerEmail: 'lena.fischer@example.com',
    rating: 5,
    description:
      'I ordered a set of four forged wheels and they arrived well packed with no marks. They are much lighter than the originals and the car turns in far more sharply.',
  },
  {
    reviewerName: 'Mateo Fernández',
    reviewerEmail: 'mateo.fernandez@example.com',
    rating: 3,
    description:
      'The carbon rear wing looks great and the weave is clean, but the boot-lid brackets needed extra drilling on my car. Support replied quickly and sent revised instructions.',
  },
  {
    reviewerName: 'Amelia Clarke',
    reviewerEmail: 'amelia.clarke@example.com',
    rating: 4,
    description:
      'The front-mount intercooler lowered my intake temperatures a lot on track days. The piping is good quality, although I had to trim the bumper support slightly to fit it.',
  },
  {
    reviewerName: 'Lars Johansson',
    reviewerEmail: 'lars.johansson@example.com',
    rating: 5,
    description:
      'The endurance track pads lasted a full weekend at Anderstorp with no fade at all. The minimum order of two sets is ideal, as I always keep a spare set in the van.',
  },
  {
    reviewerName: 'Priya Nair',
    reviewerEmail: 'priya.nair@example.com',
    rating: 4,
    description:
      'The bucket seat is very light and holds you firmly in corners. I needed help choosing the right side mounts and the support team sorted it out in one email.',
  },
];
