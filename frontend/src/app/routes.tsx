import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import type { Role } from '@barber/shared';
import { LoadingScreen } from '../components/ui/Spinner';
import { AuthLayout } from '../components/layouts/AuthLayout';
import { MainLayout } from '../components/layouts/MainLayout';
import { BarberLayout } from '../components/layouts/BarberLayout';
import { AdminLayout } from '../components/layouts/AdminLayout';
import { ProtectedRoute } from './ProtectedRoute';

/** Code-split screen: lazyPage(() => import('...'), 'NamedExport'). */
function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
): ComponentType {
  return lazy(async () => {
    const mod = await load();
    return { default: mod[name] as ComponentType };
  });
}

// auth
const LoginPage = lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/auth/components/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/components/ForgotPasswordPage'), 'ForgotPasswordPage');
// customer side
const HomePage = lazyPage(() => import('../features/home/components/HomePage'), 'HomePage');
const SearchPage = lazyPage(() => import('../features/search/components/SearchPage'), 'SearchPage');
const BarberProfilePage = lazyPage(() => import('../features/barbers/components/BarberProfilePage'), 'BarberProfilePage');
const CheckoutPage = lazyPage(() => import('../features/checkout/components/CheckoutPage'), 'CheckoutPage');
const BookingsPage = lazyPage(() => import('../features/bookings/components/BookingsPage'), 'BookingsPage');
const ProfilePage = lazyPage(() => import('../features/profile/components/ProfilePage'), 'ProfilePage');
const NotFoundPage = lazyPage(() => import('../features/not-found/components/NotFoundPage'), 'NotFoundPage');
// barber panel
const BarberDashboardPage = lazyPage(() => import('../features/barber-panel/components/DashboardPage'), 'DashboardPage');
const BarberServicesPage = lazyPage(() => import('../features/barber-panel/components/ServicesPage'), 'ServicesPage');
const BarberAppointmentsPage = lazyPage(() => import('../features/barber-panel/components/AppointmentsPage'), 'AppointmentsPage');
const BarberSchedulingPage = lazyPage(() => import('../features/barber-panel/components/SchedulingPage'), 'SchedulingPage');
const BarberEarningsPage = lazyPage(() => import('../features/barber-panel/components/EarningsPage'), 'EarningsPage');
const BarberProfileSettingsPage = lazyPage(() => import('../features/barber-panel/components/ProfilePage'), 'ProfilePage');
const BarberSettingsPage = lazyPage(() => import('../features/barber-panel/components/SettingsPage'), 'SettingsPage');
// admin
const AdminDashboardPage = lazyPage(() => import('../features/admin/components/DashboardPage'), 'DashboardPage');
const AdminBarbersPage = lazyPage(() => import('../features/admin/components/BarbersPage'), 'BarbersPage');
const AdminBookingsPage = lazyPage(() => import('../features/admin/components/BookingsPage'), 'BookingsPage');
const AdminProfilePage = lazyPage(() => import('../features/admin/components/ProfilePage'), 'ProfilePage');
const AdminSettingsPage = lazyPage(() => import('../features/admin/components/SettingsPage'), 'SettingsPage');

/** The barber panel paths (barber-and-admin spec §2). */
const barberPaths = /^\/barber(?:\/(?:dashboard|services|appointments|scheduling|earnings|profile|settings))?\/?$/;
/** The admin paths, plus the sidebar's /admin/analytics and /admin/reports (no screen: not found inside the shell). */
const adminPaths = /^\/admin(?:\/(?:dashboard|barbers|bookings|profile|settings|analytics|reports))?\/?$/;

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/** One screen of a route table; `guard` puts it behind <ProtectedRoute> (`true`: any session). */
interface PageRoute {
  path: string;
  page: ComponentType;
  guard?: Role | true;
}

const authPages: PageRoute[] = [
  { path: '/login', page: LoginPage },
  { path: '/register', page: RegisterPage },
  { path: '/forgot-password', page: ForgotPasswordPage },
];

const barberPages: PageRoute[] = [
  { path: '/barber', page: BarberDashboardPage },
  { path: '/barber/dashboard', page: BarberDashboardPage },
  { path: '/barber/services', page: BarberServicesPage },
  { path: '/barber/appointments', page: BarberAppointmentsPage },
  { path: '/barber/scheduling', page: BarberSchedulingPage },
  { path: '/barber/earnings', page: BarberEarningsPage },
  { path: '/barber/profile', page: BarberProfileSettingsPage },
  { path: '/barber/settings', page: BarberSettingsPage },
];

const adminPages: PageRoute[] = [
  { path: '/admin', page: AdminDashboardPage },
  { path: '/admin/dashboard', page: AdminDashboardPage },
  { path: '/admin/barbers', page: AdminBarbersPage },
  { path: '/admin/bookings', page: AdminBookingsPage },
  { path: '/admin/profile', page: AdminProfilePage },
  { path: '/admin/settings', page: AdminSettingsPage },
];

const mainPages: PageRoute[] = [
  { path: '/', page: HomePage },
  { path: '/barbers', page: HomePage },
  { path: '/search', page: SearchPage },
  { path: '/barbers/:id', page: BarberProfilePage },
  { path: '/barber-profile/:id', page: BarberProfilePage },
  { path: '/checkout', page: CheckoutPage, guard: 'customer' },
  { path: '/bookings', page: BookingsPage, guard: true },
  { path: '/profile', page: ProfilePage, guard: true },
];

/**
 * Every <Route> below has this one key. A <Switch> renders only the route that matches, so going from
 * one route to another re-renders in place, as with hand-written routes without keys: what the two
 * share (a layout, a screen on two paths) stays mounted.
 */
const ROUTE_KEY = 'route';

/** The <Route>s of a table, for a <Switch>, then a catch-all showing `fallback`. */
function pageRoutes(table: PageRoute[], fallback: ComponentType) {
  return [
    ...table.map(({ path, page: Page, guard }) =>
      guard ? (
        <Route key={ROUTE_KEY} path={path}>
          <ProtectedRoute role={guard === true ? undefined : guard}>
            <Page />
          </ProtectedRoute>
        </Route>
      ) : (
        <Route key={ROUTE_KEY} path={path} component={Page} />
      ),
    ),
    <Route key={ROUTE_KEY} component={fallback} />,
  ];
}

/** A panel (barber, admin): its paths behind the role guard, in its layout. */
function panelRoute(paths: RegExp, role: Role, Layout: ComponentType<{ children: ReactNode }>, table: PageRoute[], fallback: ComponentType) {
  return (
    <Route key={ROUTE_KEY} path={paths}>
      <ProtectedRoute role={role}>
        <Layout>
          <Lazy>
            <Switch>{pageRoutes(table, fallback)}</Switch>
          </Lazy>
        </Layout>
      </ProtectedRoute>
    </Route>
  );
}

/** The full route table of both specification documents. */
export function AppRoutes() {
  return (
    <Switch>
      {authPages.map(({ path, page: Page }) => (
        <Route key={ROUTE_KEY} path={path}>
          <AuthLayout>
            <Lazy>
              <Page />
            </Lazy>
          </AuthLayout>
        </Route>
      ))}
      {panelRoute(barberPaths, 'barber', BarberLayout, barberPages, BarberDashboardPage)}
      {panelRoute(adminPaths, 'admin', AdminLayout, adminPages, NotFoundPage)}
      <Route key={ROUTE_KEY}>
        <MainLayout>
          <Lazy>
            <Switch>{pageRoutes(mainPages, NotFoundPage)}</Switch>
          </Lazy>
        </MainLayout>
      </Route>
    </Switch>
  );
}
