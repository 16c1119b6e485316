import { PanelLeft } from 'lucide-react';
import { NavLink, Outlet } from 'react-router';

import { PageSpinner } from '@/components/page-spinner';
import { dashboardPaths } from '@/lib/paths';
import { useIsAdmin, useSession } from '@/lib/session';
import { useDisclosure } from '@/lib/use-disclosure';

interface MenuEntry {
  to: string;
  label: string;
}

// Requirements §2: entries per role.
const customerMenu: MenuEntry[] = [
  { to: dashboardPaths.index, label: 'My Orders' },
  { to: dashboardPaths.addReview, label: 'Add a Review' },
  { to: dashboardPaths.myProfile, label: 'My Profile' },
];
const adminMenu: MenuEntry[] = [
  // Beyond the spec: the admin's first page, the shop at a glance.
  { to: dashboardPaths.overview, label: 'Overview' },
  { to: dashboardPaths.myProfile, label: 'My Profile' },
  { to: dashboardPaths.users, label: 'Users: Make Admin' },
  { to: dashboardPaths.manageOrders, label: 'Manage Orders' },
  { to: dashboardPaths.manageProducts, label: 'Manage Products' },
  { to: dashboardPaths.addProduct, label: 'Add A Product' },
  // Beyond the spec: what admins did, for the shop to account for.
  { to: dashboardPaths.activity, label: 'Activity' },
  { to: dashboardPaths.outbox, label: 'Outbox' },
  { to: dashboardPaths.backups, label: 'Backups' },
];

/** The dashboard: a side menu (a drawer on a phone) beside the page. */
export function DashboardLayout() {
  const { user } = useSession();
  const isAdmin = useIsAdmin(user?.email);
  const drawer = useDisclosure<HTMLUListElement>();

  if (isAdmin.isPending) return <PageSpinner />;
  const menu = isAdmin.data ? adminMenu : customerMenu;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <nav aria-label="Dashboard" className="lg:w-60 lg:shrink-0" {...drawer.containerProps}>
        <button {...drawer.buttonProps} className="btn btn-outline btn-sm lg:hidden">
          <PanelLeft aria-hidden="true" className="size-4" />
          Dashboard menu
        </button>
        <h2 className="mb-2 hidden px-4 text-sm font-semibold text-base-content/80 lg:block">
          Dashboard
        </h2>
        <ul
          {...drawer.panelProps}
          className={`menu mt-2 w-full rounded-box bg-base-100 shadow-md lg:mt-0 lg:flex ${drawer.open ? '' : 'max-lg:hidden'}`}
        >
          {menu.map(({ to, label }) => (
            <li key={to}>
              <NavLink to={to} end className={({ isActive }) => (isActive ? 'menu-active' : '')}>
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
