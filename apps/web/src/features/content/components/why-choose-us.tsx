import { ShieldCheck, Truck, Wrench } from 'lucide-react';

const reasons = [
  {
    icon: Wrench,
    title: 'Engineered to fit',
    text: 'Every part is test-fitted on the cars it is sold for, with fitting notes and torque figures in the box.',
  },
  {
    icon: ShieldCheck,
    title: 'Two-year warranty',
    text: 'Track use included. If a part fails, we replace it and cover the shipping both ways.',
  },
  {
    icon: Truck,
    title: 'Fast, tracked shipping',
    text: 'Orders placed before 2 pm leave the same day, fully insured, with tracking to your door.',
  },
] as const;

export function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading">
      <h2 id="why-heading" className="mb-6 text-3xl font-bold">
        Why choose us
      </h2>
      <ul className="grid gap-6 md:grid-cols-3">
        {reasons.map(({ icon: Icon, title, text }) => (
          <li key={title} className="card bg-base-100 shadow-md">
            <div className="card-body">
              <Icon aria-hidden="true" className="size-8 text-primary" />
              <h3 className="card-title">{title}</h3>
              <p className="text-base-content/80">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
