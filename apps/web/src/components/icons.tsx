import type { ReactNode } from 'react';

// The few line icons the first screen draws, as plain SVG: the icon library's drawing code would
// cost more than the icons themselves in the home page's first load. The artwork is Lucide's
// (ISC licence), drawn the way its components draw it; other pages use lucide-react itself.

interface IconProps {
  className?: string;
}

function LineIcon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 5h16M4 12h16M4 19h16" />
    </LineIcon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </LineIcon>
  );
}

export function ArrowDownIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 5v14m7-7-7 7-7-7" />
    </LineIcon>
  );
}

export function RetryIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8" />
      <path d="M21 3v5h-5" />
      <path d="M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16" />
      <path d="M8 16H3v5" />
    </LineIcon>
  );
}
