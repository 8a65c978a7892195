import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { Role } from '@barber/shared';
import { LoadingScreen } from '../components/ui/Spinner';
import { LoadErrorBoundary } from '../components/LoadErrorBoundary';
import { lazyNamed } from '../components/lazyNamed';
import { AuthLayout } from '../components/layouts/AuthLayout';
import { MainLayout } from '../components/layouts/MainLayout';
import { ProtectedRoute } from './ProtectedRoute';

/*
 * Every screen is its own chunk, loaded when its route is first shown; the entry bundle holds only
 * the shells the home page needs (main and auth layouts, the route guard). The panel layouts load
 * with their first panel screen.
 */

// panel shells
const BarberLayout = lazyNamed(() => import('../components/layouts/BarberLayout'), 'BarberLayout');
const AdminLayout = lazyNamed(() => import('../components/layouts/AdminLayout'), 'AdminLayout');
// auth
const LoginPage = lazyNamed(() => import('../features/auth/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('../features/auth/components/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(
  () => import('../features/auth/components/ForgotPasswordPage'),
  'ForgotPasswordPage',
);
const ResetPasswordPage = lazyNamed(() => import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage');
// customer side
const HomePage = lazyNamed(() => import('../features/home/components/HomePage'), 'HomePage');
const SearchPage = lazyNamed(() => import('../features/search/components/SearchPage'), 'SearchPage');
const BarberProfilePage = lazyNamed(
  () => import('../features/barbers/components/BarberProfilePage'),
  'BarberProfilePage',
);
const CheckoutPage = lazyNamed(() => import('../features/checkout/components/CheckoutPage'), 'CheckoutPage');
const BookingsPage = lazyNamed(() => import('../features/bookings/components/BookingsPage'), 'BookingsPage');
const ProfilePage = lazyNamed(() => import('../features/profile/components/ProfilePage'), 'ProfilePage');
const NotFoundPage = lazyNamed(() => import('../features/not-found/components/NotFoundPage'), 'NotFoundPage');
// barber panel
const BarberDashboardPage = lazyNamed(
  () => import('../features/barber-panel/components/DashboardPage'),
  'DashboardPage',
);
const BarberServicesPage = lazyNamed(() => import('../features/barber-panel/components/ServicesPage'), 'ServicesPage');
const BarberAppointmentsPage = lazyNamed(
  () => import('../features/barber-panel/components/AppointmentsPage'),
  'AppointmentsPage',
);
const BarberSchedulingPage = lazyNamed(
  () => import('../features/barber-panel/components/SchedulingPage'),
  'SchedulingPage',
);
const BarberEarningsPage = lazyNamed(() => import('../features/barber-panel/components/EarningsPage'), 'EarningsPage');
const BarberProfileSettingsPage = lazyNamed(
  () => import('../features/barber-panel/components/ProfilePage'),
  'ProfilePage',
);
const BarberSettingsPage = lazyNamed(() => import('../features/barber-panel/components/SettingsPage'), 'SettingsPage');
// admin
const AdminDashboardPage = lazyNamed(() => import('../features/admin/components/DashboardPage'), 'DashboardPage');
const AdminBarbersPage = lazyNamed(() => import('../features/admin/components/BarbersPage'), 'BarbersPage');
const AdminBookingsPage = lazyNamed(() => import('../features/admin/components/BookingsPage'), 'BookingsPage');
const AdminProfilePage = lazyNamed(() => import('../features/admin/components/ProfilePage'), 'ProfilePage');
const AdminSettingsPage = lazyNamed(() => import('../features/admin/components/SettingsPage'), 'SettingsPage');
// Analytics loads its chart library (recharts, the largest chunk) only with its charts.
const AdminAnalyticsPage = lazyNamed(() => import('../features/admin/components/AnalyticsPage'), 'AnalyticsPage');
const AdminReportsPage = lazyNamed(() => import('../features/admin/components/ReportsPage'), 'ReportsPage');

/** The barber panel paths (docs/spec/barber-and-admin.md §2). */
const barberPaths = /^\/barber(?:\/(?:dashboard|services|appointments|scheduling|earnings|profile|settings))?\/?$/;
/** The admin paths (docs/spec/barber-and-admin.md §2), with the sidebar's Analytics and Reports. */
const adminPaths = /^\/admin(?:\/(?:dashboard|barbers|bookings|profile|settings|analytics|reports))?\/?$/;

/** A lazily loaded part: "Loading..." while its code loads, a "Reload" notice if it cannot. */
function Lazy({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <LoadErrorBoundary resetKeys={[location]}>
      <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
    </LoadErrorBoundary>
  );
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
  { path: '/reset-password', page: ResetPasswordPage },
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
  { path: '/admin/analytics', page: AdminAnalyticsPage },
  { path: '/admin/reports', page: AdminReportsPage },
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
function panelRoute(
  paths: RegExp,
  role: Role,
  Layout: ComponentType<{ children: ReactNode }>,
  table: PageRoute[],
  fallback: ComponentType,
) {
  return (
    <Route key={ROUTE_KEY} path={paths}>
      <ProtectedRoute role={role}>
        <Lazy>
          <Layout>
            <Lazy>
              <Switch>{pageRoutes(table, fallback)}</Switch>
            </Lazy>
          </Layout>
        </Lazy>
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
