import { Globe, MessageSquare, Package, Users } from 'lucide-react';

// The figures the spec gives for the business; they change with the business, not with data.
const stats = [
  { icon: Globe, value: '72', label: 'Countries' },
  { icon: Package, value: '35+', label: 'Unique parts' },
  { icon: Users, value: '5M+', label: 'Happy clients' },
  { icon: MessageSquare, value: '2M+', label: 'Feedbacks' },
] as const;

export function Stats() {
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="mb-6 text-center text-3xl font-bold">
        Trusted by drivers worldwide
      </h2>
      <dl className="stats stats-vertical w-full bg-base-100 shadow-md sm:stats-horizontal">
        {stats.map(({ icon: Icon, value, label }) => (
          <div key={label} className="stat place-items-center">
            <Icon aria-hidden="true" className="stat-figure size-8 text-primary" />
            <dt className="stat-title text-base-content/80">{label}</dt>
            <dd className="stat-value">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
