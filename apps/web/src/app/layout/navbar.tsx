import { Link, NavLink, useLocation, useNavigate } from 'react-router';

import { CloseIcon, MenuIcon } from '@/components/icons';
import { CartLink } from '@/features/cart/components/cart-link';
import { dashboardPaths } from '@/lib/paths';
import { useSession, useSignOut } from '@/lib/session';
import { useDisclosure } from '@/lib/use-disclosure';

interface NavEntry {
  to: string;
  label: string;
  end: boolean;
}

const publicLinks: NavEntry[] = [
  { to: '/', label: 'Home', end: true },
  { to: '/#parts', label: 'Purchase', end: true },
  { to: '/garage', label: 'My Garage', end: false },
  { to: '/blogs', label: 'Blogs', end: false },
  { to: '/my-portfolio', label: 'My Portfolio', end: false },
];
const dashboardLink: NavEntry = { to: dashboardPaths.index, label: 'Dashboard', end: false };
const loginLink: NavEntry = { to: '/login', label: 'Login', end: false };

function NavLinks({ className }: { className: string }) {
  const { hash } = useLocation();
  const { user, isPending } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const links = user
    ? [...publicLinks, dashboardLink]
    : isPending
      ? publicLinks
      : [...publicLinks, loginLink];
  return (
    <ul className={className}>
      {links.map(({ to, label, end }) => {
        // "Home" and "Purchase" share a path, so NavLink finds both active; only the hash tells
        // them apart, for screen readers (aria-current) as for the eye (menu-active).
        const hashMatches = (to === '/#parts') === (hash === '#parts');
        return (
          <li key={label}>
            <NavLink
              to={to}
              end={end}
              aria-current={hashMatches ? 'page' : false}
              className={({ isActive }) => (isActive && hashMatches ? 'menu-active' : '')}
            >
              {label}
            </NavLink>
          </li>
        );
      })}
      {user && (
        <li>
          <button type="button" onClick={() => void signOut().then(() => navigate('/'))}>
            Sign Out
          </button>
        </li>
      )}
    </ul>
  );
}

/** The top navigation; on a phone it folds into a menu button. */
export function Navbar() {
  const menu = useDisclosure<HTMLDivElement>();

  return (
    <header className="sticky top-0 z-20 bg-base-100 shadow-sm">
      <nav aria-label="Main" {...menu.containerProps}>
        <div className="navbar mx-auto max-w-6xl px-4">
          <div className="flex-1">
            <Link to="/" className="text-xl font-extrabold tracking-tight">
              <span className="text-primary">Apex</span> Parts
            </Link>
          </div>
          <NavLinks className="menu menu-horizontal hidden gap-1 md:flex" />
          {/* Outside the folding menu: the cart and its count show on a phone too. */}
          <CartLink />
          <button
            {...menu.buttonProps}
            className="btn btn-square btn-ghost md:hidden"
            aria-label={menu.open ? 'Close menu' : 'Open menu'}
          >
            {menu.open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          </button>
        </div>
        <div
          {...menu.panelProps}
          hidden={!menu.open}
          className="border-t border-base-200 md:hidden"
        >
          <NavLinks className="menu w-full px-4 py-2" />
        </div>
      </nav>
    </header>
  );
}
