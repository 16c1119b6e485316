import { ArrowDownIcon } from '@/components/icons';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative isolate overflow-hidden bg-neutral text-neutral-content"
    >
      <img
        src="/images/hero.svg"
        alt=""
        width={1600}
        height={700}
        fetchPriority="high"
        className="absolute inset-0 -z-10 h-full w-full object-cover opacity-60"
      />
      <div className="mx-auto max-w-6xl px-4 py-20 sm:py-28">
        <p className="text-sm font-semibold tracking-widest text-red-300 uppercase">Apex Parts</p>
        <h1 id="hero-heading" className="mt-3 max-w-2xl text-4xl font-extrabold sm:text-5xl">
          Performance parts for cars that live at the limit
        </h1>
        <p className="mt-4 max-w-xl text-lg text-neutral-content/90">
          Turbo kits, brakes, suspension and carbon aero, engineered for sports cars and shipped to
          workshops and enthusiasts in 72 countries.
        </p>
        <a href="#parts" className="btn btn-primary mt-8">
          Browse the parts
          <ArrowDownIcon className="size-4" />
        </a>
      </div>
    </section>
  );
}
