// The few line icons the first screen draws, as plain SVG: the icon library's drawing code would
// cost more than the icons themselves in the home page's first load. The artwork is Lucide's
// (ISC licence), drawn the way its components draw it; other pages use lucide-react itself.

interface IconProps {
  className?: string;
}

/** A line icon drawn from its paths, e.g. `lineIcon(['M4 5h16M4 12h16M4 19h16'])`. */
function lineIcon(paths: readonly string[]) {
  return function LineIcon({ className }: IconProps) {
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
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const MenuIcon = lineIcon(['M4 5h16M4 12h16M4 19h16']);
export const CloseIcon = lineIcon(['M18 6 6 18M6 6l12 12']);
export const ArrowDownIcon = lineIcon(['M12 5v14m7-7-7 7-7-7']);
export const RetryIcon = lineIcon([
  'M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8',
  'M21 3v5h-5',
  'M21 12a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16',
  'M8 16H3v5',
]);
export const CartIcon = lineIcon([
  'M7 21a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  'M18 21a1 1 0 1 0 2 0a1 1 0 1 0-2 0',
  'M2.05 2.05h2l2.66 12.42a2 2 0 0 0 2 1.58h9.78a2 2 0 0 0 1.95-1.57l1.65-7.43H5.12',
]);
