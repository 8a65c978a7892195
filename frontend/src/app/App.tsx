import { RootErrorBoundary } from '../components/LoadErrorBoundary';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';

export function App() {
  return (
    <RootErrorBoundary>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </RootErrorBoundary>
  );
}
