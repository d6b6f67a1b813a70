import { ROUTES } from '@contract';
import { Suspense, type ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { StaffGuard } from './guards/staff-guard';
import { StudioGuard } from './guards/studio-guard';
import { MainLayout } from './layouts/main-layout';
import { retryableLazy } from '../lib/retryable-lazy';
import { PageErrorBoundary } from './page-error-boundary';
import { RouteError } from './route-error';
import { LandingPage } from './routes/landing';

/**
 * Code-splits a page that is exported by name. A page whose code did not arrive shows the
 * error panel in its place (PageErrorBoundary), whose Retry loads it again.
 */
function page<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return retryableLazy(async () => (await load())[name]);
}

const HomePage = page(() => import('./routes/home'), 'HomePage');
const SearchPage = page(() => import('./routes/search'), 'SearchPage');
const TrendingPage = page(() => import('./routes/trending'), 'TrendingPage');
const WatchPage = page(() => import('./routes/watch'), 'WatchPage');
const ChannelPage = page(() => import('./routes/channel'), 'ChannelPage');
const SubscriptionsPage = page(() => import('./routes/subscriptions'), 'SubscriptionsPage');
const ChannelsPage = page(() => import('./routes/channels'), 'ChannelsPage');
const LikedVideosPage = page(() => import('./routes/liked-videos'), 'LikedVideosPage');
const HistoryPage = page(() => import('./routes/history'), 'HistoryPage');
const PlaylistPage = page(() => import('./routes/playlist'), 'PlaylistPage');
const ComingSoonPage = page(() => import('./routes/coming-soon'), 'ComingSoonPage');
const StudioUnavailablePage = page(
  () => import('./routes/studio-unavailable'),
  'StudioUnavailablePage',
);
const NotFoundPage = page(() => import('./routes/not-found'), 'NotFoundPage');
const SigninPage = page(() => import('./routes/signin'), 'SigninPage');
const SignupPage = page(() => import('./routes/signup'), 'SignupPage');
const GoogleLinkPage = page(() => import('./routes/google-link'), 'GoogleLinkPage');
const EmbedPage = page(() => import('./routes/embed'), 'EmbedPage');
const ForgotPasswordPage = page(() => import('./routes/forgot-password'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('./routes/reset-password'), 'ResetPasswordPage');
const VerifyEmailPage = page(() => import('./routes/verify-email'), 'VerifyEmailPage');
const SettingsPage = page(() => import('./routes/settings'), 'SettingsPage');
const DeleteAccountPage = page(() => import('./routes/delete-account'), 'DeleteAccountPage');

const AdminConsole = page(() => import('../features/admin'), 'AdminConsole');
const AdminDashboardPage = page(() => import('./routes/admin/dashboard'), 'AdminDashboardPage');
const AdminUsersPage = page(() => import('./routes/admin/users'), 'AdminUsersPage');
const AdminVideosPage = page(() => import('./routes/admin/videos'), 'AdminVideosPage');
const AdminReportsPage = page(() => import('./routes/admin/reports'), 'AdminReportsPage');
const AdminAuditPage = page(() => import('./routes/admin/audit'), 'AdminAuditPage');
const AdminSettingsPage = page(() => import('./routes/admin/settings'), 'AdminSettingsPage');

const StudioLayout = page(() => import('./layouts/studio/studio-layout'), 'StudioLayout');
const StudioDashboardPage = page(() => import('./routes/studio/dashboard'), 'StudioDashboardPage');
const StudioContentPage = page(() => import('./routes/studio/content'), 'StudioContentPage');
const StudioContentVideoPage = page(
  () => import('./routes/studio/content-video'),
  'StudioContentVideoPage',
);
const StudioAnalyticsPage = page(() => import('./routes/studio/analytics'), 'StudioAnalyticsPage');
const StudioCommunityPage = page(() => import('./routes/studio/community'), 'StudioCommunityPage');
const StudioNotFoundPage = page(
  () => import('./routes/studio/studio-not-found'),
  'StudioNotFoundPage',
);

/** Pages outside the main layout still need a boundary for their code to load into. */
function Standalone() {
  const location = useLocation();
  return (
    <PageErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </PageErrorBoundary>
  );
}

const studioChild = (path: string) => path.slice(`${ROUTES.studio}/`.length);
const adminChild = (path: string) => path.slice(`${ROUTES.admin}/`.length);

/**
 * Every page: Back and Forward put the scroll where it was on that entry (lists keep their
 * loaded pages in the query cache, so the place is there to return to); a new page starts at
 * the top.
 */
function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      {
        element: <Standalone />,
        children: [
          {
            element: <GuestOnly />,
            children: [
              { path: ROUTES.signin, element: <SigninPage /> },
              { path: ROUTES.signup, element: <SignupPage /> },
            ],
          },
          // Not guest-only: finishing it signs in, and then goes where the sign-in started.
          { path: ROUTES.googleLink, element: <GoogleLinkPage /> },
          // The player alone, without the site around it, for other sites' frames.
          { path: '/embed/:videoId', element: <EmbedPage /> },
          // Links from mail open in whatever browser the mail app uses, signed in or not.
          { path: ROUTES.forgotPassword, element: <ForgotPasswordPage /> },
          { path: ROUTES.resetPassword, element: <ResetPasswordPage /> },
          { path: ROUTES.verifyEmail, element: <VerifyEmailPage /> },
          {
            path: ROUTES.studio,
            element: (
              <StudioGuard>
                <StudioLayout />
              </StudioGuard>
            ),
            children: [
              { index: true, element: <Navigate to={ROUTES.studioDashboard} replace /> },
              { path: studioChild(ROUTES.studioDashboard), element: <StudioDashboardPage /> },
              { path: studioChild(ROUTES.studioContent), element: <StudioContentPage /> },
              {
                path: `${studioChild(ROUTES.studioContent)}/:videoId`,
                element: <StudioContentVideoPage />,
              },
              { path: studioChild(ROUTES.studioAnalytics), element: <StudioAnalyticsPage /> },
              { path: studioChild(ROUTES.studioCommunity), element: <StudioCommunityPage /> },
              { path: '*', element: <StudioNotFoundPage /> },
            ],
          },
        ],
      },
      {
        element: <MainLayout />,
        children: [
          { path: ROUTES.root, element: <LandingPage /> },
          { path: ROUTES.home, element: <HomePage /> },
          { path: '/search', element: <SearchPage /> },
          { path: ROUTES.trending, element: <TrendingPage /> },
          { path: '/watch/:vidId', element: <WatchPage /> },
          { path: '/playlist', element: <PlaylistPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: '/username/:username', element: <ChannelPage /> },
              { path: ROUTES.subscriptionsFeed, element: <SubscriptionsPage /> },
              { path: ROUTES.channels, element: <ChannelsPage /> },
              { path: ROUTES.likedVideos, element: <LikedVideosPage /> },
              { path: ROUTES.history, element: <HistoryPage /> },
              { path: ROUTES.settings, element: <SettingsPage /> },
              { path: ROUTES.deleteAccount, element: <DeleteAccountPage /> },
            ],
          },
          {
            // Staff only; everyone else gets the 404 page from the guard.
            path: ROUTES.admin,
            element: <StaffGuard notFound={<NotFoundPage />} />,
            children: [
              {
                element: <AdminConsole />,
                children: [
                  { index: true, element: <AdminDashboardPage /> },
                  { path: adminChild(ROUTES.adminUsers), element: <AdminUsersPage /> },
                  { path: adminChild(ROUTES.adminVideos), element: <AdminVideosPage /> },
                  { path: adminChild(ROUTES.adminReports), element: <AdminReportsPage /> },
                  { path: adminChild(ROUTES.adminAudit), element: <AdminAuditPage /> },
                  { path: adminChild(ROUTES.adminSettings), element: <AdminSettingsPage /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
          { path: ROUTES.comingSoon, element: <ComingSoonPage /> },
          { path: ROUTES.studioUnavailable, element: <StudioUnavailablePage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);
