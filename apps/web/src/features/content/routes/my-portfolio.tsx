import { ExternalLink, GraduationCap, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';

import { useDocumentTitle } from '@/lib/use-document-title';

import { SocialIcon } from '../components/social-icon';
import { portfolio } from '../data/portfolio';

interface PortfolioListProps<T> {
  /** The heading; in lower case, it names the section's id too (`education-heading`). */
  title: string;
  /** The list's layout classes. */
  className: string;
  items: readonly T[];
  /** The list item (<li>) of one entry. */
  children: (item: T, index: number) => ReactNode;
}

/** A section of the portfolio: a list, named by its heading. */
function PortfolioList<T>({ title, className, items, children }: PortfolioListProps<T>) {
  const headingId = `${title.toLowerCase()}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-4 text-2xl font-bold">
        {title}
      </h2>
      <ul className={className}>{items.map(children)}</ul>
    </section>
  );
}

export default function MyPortfolioPage() {
  useDocumentTitle('My Portfolio');
  const { name, role, bio, email, address, education, skills, projects, socials } = portfolio;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-12 px-4 py-12">
      <header>
        <h1 className="text-4xl font-bold">{name}</h1>
        <p className="mt-1 text-xl text-base-content/80">{role}</p>
        {bio.map((paragraph, i) => (
          <p key={i} className="mt-4">
            {paragraph}
          </p>
        ))}
        <address className="mt-4 flex flex-wrap items-center gap-x-6 gap-y-2 not-italic">
          <span className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="size-4" />
            {address}
          </span>
          <a className="link" href={`mailto:${email}`}>
            {email}
          </a>
        </address>
        <ul className="mt-4 flex gap-4" aria-label="Social profiles">
          {socials.map((social) => (
            <li key={social.network}>
              <a
                href={social.url}
                aria-label={social.label}
                className="btn btn-circle btn-ghost"
                rel="noreferrer"
              >
                <SocialIcon network={social.network} />
              </a>
            </li>
          ))}
        </ul>
      </header>

      <PortfolioList title="Education" className="flex flex-col gap-3" items={education}>
        {(entry) => (
          <li key={entry.degree} className="flex gap-3">
            <GraduationCap aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
            <div>
              <p className="font-semibold">{entry.degree}</p>
              <p className="text-base-content/80">
                {entry.school}, {entry.years}
              </p>
            </div>
          </li>
        )}
      </PortfolioList>

      <PortfolioList title="Skills" className="grid gap-4 sm:grid-cols-2" items={skills}>
        {(skill, i) => (
          <li key={skill.name}>
            <div className="mb-1 flex justify-between text-sm">
              <span id={`skill-${i}`} className="font-semibold">
                {skill.name}
              </span>
              <span className="text-base-content/80">{skill.level} / 100</span>
            </div>
            <progress
              className="progress progress-primary w-full"
              value={skill.level}
              max={100}
              aria-labelledby={`skill-${i}`}
            />
          </li>
        )}
      </PortfolioList>

      <PortfolioList title="Projects" className="grid gap-4 md:grid-cols-3" items={projects}>
        {(project) => (
          <li key={project.url} className="card bg-base-100 shadow-md">
            <div className="card-body">
              <h3 className="card-title text-lg">{project.name}</h3>
              <p className="text-base-content/80">{project.description}</p>
              <a href={project.url} className="link link-primary flex items-center gap-1">
                Visit {project.name}
                <ExternalLink aria-hidden="true" className="size-4" />
              </a>
            </div>
          </li>
        )}
      </PortfolioList>
    </div>
  );
}
