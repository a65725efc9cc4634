// The app's stylesheet comes with the app's code, not as a <link> in index.html: there it would
// block the first paint of the loading state index.html inlines until it downloaded.
import './styles.css';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { ProcessingOverlayProvider } from './components/processing-overlay';
import { AppToaster } from './components/toasts';
import { UpdatedNote } from './components/updated-note';
import {
  AuthLoadingGate,
  AuthProvider,
  PasswordRecoveryDialog,
  RequireAuth,
} from './features/auth';
import { AccountProvider } from './features/account';
import { SubscriptionBanner } from './features/subscription';
import { lazyScreen } from './lib/lazy-screen';
import { AuthLayout } from './pages/auth-layout';
import {
  DASHBOARD_ROUTES,
  DashboardLayout,
  preloadDashboardCode,
  preloadInventoryWhenIdle,
} from './pages/dashboard/screens';
import { FeaturesPage } from './pages/features-page';
import { HomePage } from './pages/home-page';
import { LoginPage } from './pages/login-page';
import { NotFoundPage } from './pages/not-found-page';
import { PricingPage } from './pages/pricing-page';
import { PublicLayout } from './pages/public-layout';
import { SignupPage } from './pages/signup-page';

// The landing pages ship in the first bundle; everything behind sign-in and the long legal
// and help texts load on demand.
const PrivacyPage = lazyScreen(
  () => import('./pages/privacy-page'),
  (m) => m.PrivacyPage,
);
const TermsPage = lazyScreen(
  () => import('./pages/terms-page'),
  (m) => m.TermsPage,
);
// Where the team invitation mail's link lands (signed in by the link).
const AcceptInvitePage = lazyScreen(
  () => import('./features/team'),
  (m) => m.AcceptInvitePage,
);
const HelpPage = lazyScreen(
  () => import('./pages/help-page'),
  (m) => m.HelpPage,
);

function AppRoutes() {
  return (
    <>
      <SubscriptionBanner />
      <AuthLoadingGate>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route index element={<HomePage />} />
            <Route path="features" element={<FeaturesPage />} />
            <Route path="pricing" element={<PricingPage />} />
            <Route path="privacy" element={<PrivacyPage />} />
            <Route path="terms" element={<TermsPage />} />
            <Route path="help" element={<HelpPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<AuthLayout />}>
            <Route path="login" element={<LoginPage />} />
            <Route path="signup" element={<SignupPage />} />
            <Route path="accept-invite" element={<AcceptInvitePage />} />
          </Route>
          <Route
            path="dashboard"
            element={
              <RequireAuth>
                <DashboardLayout
                  preloadCode={preloadDashboardCode}
                  preloadWhenIdle={preloadInventoryWhenIdle}
                />
              </RequireAuth>
            }
          >
            <Route index element={<Navigate to="/dashboard/inventory" replace />} />
            {DASHBOARD_ROUTES.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
            <Route path="*" element={<Navigate to="/dashboard/inventory" replace />} />
          </Route>
        </Routes>
      </AuthLoadingGate>
    </>
  );
}

/**
 * `queryClient`: made by the page's start-up (main.tsx), which may already have asked it for the
 * screen's data. `version`: the build this page runs (lib/app-version.ts).
 */
export function App({ queryClient, version }: { queryClient: QueryClient; version: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          <AccountProvider>
            <ProcessingOverlayProvider>
              <AppRoutes />
              <PasswordRecoveryDialog />
              <AppToaster />
              <UpdatedNote version={version} />
            </ProcessingOverlayProvider>
          </AccountProvider>
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
