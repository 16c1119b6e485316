export interface Skill {
  name: string;
  /** Self-rated level out of 100, from 30 to 90. */
  level: number;
}

export interface Project {
  name: string;
  description: string;
  url: string;
}

export interface Education {
  degree: string;
  school: string;
  years: string;
}

export type SocialNetwork = 'github' | 'linkedin' | 'x' | 'email';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

export interface Portfolio {
  name: string;
  role: string;
  bio: readonly string[];
  email: string;
  address: string;
  education: readonly Education[];
  skills: readonly Skill[];
  projects: readonly Project[];
  socials: readonly SocialLink[];
}

/** Edit this object to change the My Portfolio page; nothing else needs to change. */
export const portfolio: Portfolio = {
  name: 'Daniel Hartley',
  role: 'Full-Stack Web Developer',
  bio: [
    'I build fast, accessible web applications with TypeScript, React and Node.js, from the database schema to the last pixel of the checkout page. I enjoy turning a rough idea into a product that people can rely on every day.',
    'Away from the keyboard I spend my weekends at track days and in the garage, which is how Apex Parts started. I am open to freelance work with small teams who care about clean code and good user experience.',
  ],
  email: 'daniel.hartley@example.com',
  address: '42 Foundry Lane, Manchester M4 6BF, United Kingdom',
  education: [
    {
      degree: 'BSc (Hons) Computer Science',
      school: 'University of Manchester',
      years: '2016 – 2019',
    },
    {
      degree: 'Full-Stack Web Development Bootcamp',
      school: 'Northcoders',
      years: '2020',
    },
  ],
  skills: [
    { name: 'TypeScript', level: 90 },
    { name: 'React', level: 85 },
    { name: 'Node.js', level: 75 },
    { name: 'PostgreSQL', level: 65 },
    { name: 'Tailwind CSS', level: 55 },
    { name: 'Testing', level: 45 },
    { name: 'Docker', level: 30 },
  ],
  projects: [
    {
      name: 'Apex Parts',
      description:
        'An online shop for custom sports-car parts, with a product catalogue, customer reviews and secure checkout.',
      url: 'https://apex-parts.example.com',
    },
    {
      name: 'Lap Log',
      description:
        'A mobile-friendly app for recording track-day lap times and comparing sessions across different circuits.',
      url: 'https://laplog.example.com',
    },
    {
      name: 'Garage Booker',
      description:
        'A booking system that lets independent workshops manage service slots, customer reminders and invoices.',
      url: 'https://garage-booker.example.com',
    },
  ],
  socials: [
    {
      network: 'github',
      label: 'GitHub profile',
      url: 'https://github.com/danielhartley-dev',
    },
    {
      network: 'linkedin',
      label: 'LinkedIn profile',
      url: 'https://www.linkedin.com/in/danielhartley-dev',
    },
    {
      network: 'x',
      label: 'X profile',
      url: 'https://x.com/danielhartley_dev',
    },
    {
      network: 'email',
      label: 'Send an email',
      url: 'mailto:daniel.hartley@example.com',
    },
  ],
};
