import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
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

/** The full route table of both specification documents. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <AuthLayout>
          <Lazy>
            <LoginPage />
          </Lazy>
        </AuthLayout>
      </Route>
      <Route path="/register">
        <AuthLayout>
          <Lazy>
            <RegisterPage />
          </Lazy>
        </AuthLayout>
      </Route>
      <Route path="/forgot-password">
        <AuthLayout>
          <Lazy>
            <ForgotPasswordPage />
          </Lazy>
        </AuthLayout>
      </Route>

      <Route path={barberPaths}>
        <ProtectedRoute role="barber">
          <BarberLayout>
            <Lazy>
              <Switch>
                <Route path="/barber" component={BarberDashboardPage} />
                <Route path="/barber/dashboard" component={BarberDashboardPage} />
                <Route path="/barber/services" component={BarberServicesPage} />
                <Route path="/barber/appointments" component={BarberAppointmentsPage} />
                <Route path="/barber/scheduling" component={BarberSchedulingPage} />
                <Route path="/barber/earnings" component={BarberEarningsPage} />
                <Route path="/barber/profile" component={BarberProfileSettingsPage} />
                <Route path="/barber/settings" component={BarberSettingsPage} />
                <Route component={BarberDashboardPage} />
              </Switch>
            </Lazy>
          </BarberLayout>
        </ProtectedRoute>
      </Route>

      <Route path={adminPaths}>
        <ProtectedRoute role="admin">
          <AdminLayout>
            <Lazy>
              <Switch>
                <Route path="/admin" component={AdminDashboardPage} />
                <Route path="/admin/dashboard" component={AdminDashboardPage} />
                <Route path="/admin/barbers" component={AdminBarbersPage} />
                <Route path="/admin/bookings" component={AdminBookingsPage} />
                <Route path="/admin/profile" component={AdminProfilePage} />
                <Route path="/admin/settings" component={AdminSettingsPage} />
                <Route component={NotFoundPage} />
              </Switch>
            </Lazy>
          </AdminLayout>
        </ProtectedRoute>
      </Route>

      <Route>
        <MainLayout>
          <Lazy>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/barbers" component={HomePage} />
              <Route path="/search" component={SearchPage} />
              <Route path="/barbers/:id" component={BarberProfilePage} />
              <Route path="/barber-profile/:id" component={BarberProfilePage} />
              <Route path="/checkout">
                <ProtectedRoute role="customer">
                  <CheckoutPage />
                </ProtectedRoute>
              </Route>
              <Route path="/bookings">
                <ProtectedRoute>
                  <BookingsPage />
                </ProtectedRoute>
              </Route>
              <Route path="/profile">
                <ProtectedRoute>
                  <ProfilePage />
                </ProtectedRoute>
              </Route>
              <Route component={NotFoundPage} />
            </Switch>
          </Lazy>
        </MainLayout>
      </Route>
    </Switch>
  );
}
