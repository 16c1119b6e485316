import type { SyntheticEvent } from 'react';

/** The spec's contact form; it sends nothing (spec §2), so submitting stays on the page. */
export function ContactForm() {
  const ignore = (event: SyntheticEvent) => event.preventDefault();
  return (
    <section aria-labelledby="contact-heading" className="mx-auto max-w-xl">
      <h2 id="contact-heading" className="mb-6 text-center text-3xl font-bold">
        Contact us
      </h2>
      <form className="flex flex-col gap-4" onSubmit={ignore}>
        <label className="floating-label">
          <span>Email</span>
          <input
            type="email"
            name="email"
            autoComplete="email"
            placeholder="Email"
            className="input w-full"
          />
        </label>
        <label className="floating-label">
          <span>Your question</span>
          <textarea name="question" placeholder="Your question" className="textarea h-28 w-full" />
        </label>
        <button type="submit" className="btn btn-primary self-center">
          Ask Us Anything
        </button>
      </form>
    </section>
  );
}
