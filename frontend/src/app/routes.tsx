import type { RouteObject } from 'react-router-dom';
import { AppShell } from './AppShell';
import { lazyPage } from './lazyPage';
import { adminSections } from '../features/admin/adminSections';
import { HomePage } from '../features/home/HomePage';

// Every screen is its own chunk, fetched when first shown; the shell (header, bell, footer) and
// home's top, the first screen of most visits, are not (docs/architecture.md#phone-app).
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage'), 'ForgotPasswordPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage'), 'LoginPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage'), 'ResetPasswordPage');
const SignupPage = lazyPage(() => import('../features/auth/SignupPage'), 'SignupPage');
const VerificationPage = lazyPage(() => import('../features/auth/VerificationPage'), 'VerificationPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage'), 'VerifyEmailPage');
const ComingSoonPage = lazyPage(() => import('../features/info/ComingSoonPage'), 'ComingSoonPage');
const ContactPage = lazyPage(() => import('../features/info/ContactPage'), 'ContactPage');
const PrivacyPage = lazyPage(() => import('../features/info/PrivacyPage'), 'PrivacyPage');
const TermsPage = lazyPage(() => import('../features/info/TermsPage'), 'TermsPage');
const CreateMatchPage = lazyPage(() => import('../features/matches/CreateMatchPage'), 'CreateMatchPage');
const JoinMatchPage = lazyPage(() => import('../features/matches/JoinMatchPage'), 'JoinMatchPage');
const LobbyPage = lazyPage(() => import('../features/matches/LobbyPage'), 'LobbyPage');
const ReportScorePage = lazyPage(() => import('../features/matches/ReportScorePage'), 'ReportScorePage');
const ResolveDisputePage = lazyPage(() => import('../features/matches/ResolveDisputePage'), 'ResolveDisputePage');
const ProfilePage = lazyPage(() => import('../features/stats/ProfilePage'), 'ProfilePage');
const StatsPage = lazyPage(() => import('../features/stats/StatsPage'), 'StatsPage');
const AccountPage = lazyPage(() => import('../features/account/AccountPage'), 'AccountPage');
const DeleteAccountPage = lazyPage(() => import('../features/account/DeleteAccountPage'), 'DeleteAccountPage');
const AdminArea = lazyPage(() => import('../features/admin/AdminArea'), 'AdminArea');
const AdminOverview = lazyPage(() => import('../features/admin/AdminArea'), 'AdminOverview');
const NotificationsPage = lazyPage(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage');
const FriendsPage = lazyPage(() => import('../features/social/FriendsPage'), 'FriendsPage');
const MessagesPage = lazyPage(() => import('../features/social/MessagesPage'), 'MessagesPage');
const ChatPage = lazyPage(() => import('../features/social/ChatPage'), 'ChatPage');
const LeaderboardPage = lazyPage(() => import('../features/leaderboard/LeaderboardPage'), 'LeaderboardPage');
const ArticlePage = lazyPage(() => import('../features/articles/ArticlePage'), 'ArticlePage');
const LeaguesPage = lazyPage(() => import('../features/leagues/LeaguesPage'), 'LeaguesPage');
const LeaguePage = lazyPage(() => import('../features/leagues/LeaguePage'), 'LeaguePage');
const CreateLeagueMatchPage = lazyPage(() => import('../features/league-matches/LeagueMatchPages'), 'CreateLeagueMatchPage');
const LeagueLobbyPage = lazyPage(() => import('../features/league-matches/LeagueMatchPages'), 'LeagueLobbyPage');
const JoinLeagueMatchPage = lazyPage(() => import('../features/league-matches/LeagueMatchPages'), 'JoinLeagueMatchPage');
const LeagueReportScorePage = lazyPage(() => import('../features/league-matches/LeagueMatchPages'), 'LeagueReportScorePage');
const LeagueDisputePage = lazyPage(() => import('../features/league-matches/LeagueMatchPages'), 'LeagueDisputePage');
const ScoreboardPage = lazyPage(() => import('../features/scoreboard/ScoreboardPage'), 'ScoreboardPage');
const WatchPage = lazyPage(() => import('../features/scoreboard/WatchPage'), 'WatchPage');
const CourtsPage = lazyPage(() => import('../features/courts/CourtsPage'), 'CourtsPage');
const CourtPage = lazyPage(() => import('../features/courts/CourtPage'), 'CourtPage');
const RatingPage = lazyPage(() => import('../features/fair-play/RatingPage'), 'RatingPage');
const FairPlayPage = lazyPage(() => import('../features/fair-play/FairPlayPage'), 'FairPlayPage');

/** Every route of the app (docs/product.md). */
const coreRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'signup', element: <SignupPage /> },
  { path: 'login', element: <LoginPage /> },
  { path: 'forgot-password', element: <ForgotPasswordPage /> },
  { path: 'reset-password/:token', element: <ResetPasswordPage /> },
  { path: 'verification', element: <VerificationPage /> },
  { path: 'verify-email/:token', element: <VerifyEmailPage /> },
  { path: 'account', element: <AccountPage /> },
  { path: 'delete-account', element: <DeleteAccountPage /> },
  { path: 'create-match', element: <CreateMatchPage /> },
  { path: 'join-match', element: <JoinMatchPage /> },
  { path: 'pregame/:matchId', element: <LobbyPage /> },
  // 1v1 and 2v2 share /report-score (?matchType=, default 1v1); the larger team types have their own.
  { path: 'report-score/:matchId', element: <ReportScorePage /> },
  { path: 'report-score3v3/:matchId', element: <ReportScorePage fixedType="3v3" /> },
  { path: 'report-score4v4/:matchId', element: <ReportScorePage fixedType="4v4" /> },
  { path: 'report-score5v5/:matchId', element: <ReportScorePage fixedType="5v5" /> },
  // A match scored live on the court, and its public read-only link (docs/product.md#scoreboard).
  { path: 'scoreboard/:matchId', element: <ScoreboardPage /> },
  { path: 'watch/:token', element: <WatchPage /> },
  { path: 'resolve-dispute/:matchId', element: <ResolveDisputePage fixedType="1v1" /> },
  { path: 'resolve-dispute-2v2/:matchId', element: <ResolveDisputePage fixedType="2v2" /> },
  { path: 'resolve-dispute-3v3/:matchId', element: <ResolveDisputePage fixedType="3v3" /> },
  { path: 'resolve-dispute-4v4/:matchId', element: <ResolveDisputePage fixedType="4v4" /> },
  { path: 'resolve-dispute-5v5/:matchId', element: <ResolveDisputePage fixedType="5v5" /> },
  { path: 'stats', element: <StatsPage /> },
  { path: 'stats/:userId', element: <StatsPage /> },
  { path: 'profile/:userId', element: <ProfilePage /> },
  { path: 'friends', element: <FriendsPage /> },
  { path: 'messages', element: <MessagesPage /> },
  { path: 'chat/:userId', element: <ChatPage /> },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'article/:articleId', element: <ArticlePage /> },
  { path: 'leaderboard', element: <LeaderboardPage /> },
  { path: 'rating', element: <RatingPage /> },
  { path: 'fair-play', element: <FairPlayPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'terms', element: <TermsPage /> },
];

/** The league screens (docs/product.md#leagues) and the league match screens (docs/product.md#league-matches). */
const leagueRoutes: RouteObject[] = [
  { path: 'leagues', element: <LeaguesPage /> },
  { path: 'league/:leagueId', element: <LeaguePage /> },
  // The league comes from the route or, without one, from localStorage `league_id`.
  { path: 'clm', element: <CreateLeagueMatchPage /> },
  { path: 'clm/:leagueId', element: <CreateLeagueMatchPage /> },
  { path: 'lmpregame/:matchId', element: <LeagueLobbyPage /> },
  { path: 'join-league-match/:leagueId', element: <JoinLeagueMatchPage /> },
  { path: 'lmreportscore/:matchId', element: <LeagueReportScorePage /> },
  { path: 'league-dispute/:matchId', element: <LeagueDisputePage /> },
];

/** Courts and their live queue (docs/courts.md). */
const courtRoutes: RouteObject[] = [
  { path: 'courts', element: <CourtsPage /> },
  { path: 'court/:courtId', element: <CourtPage /> },
];

/** The ops area (docs/architecture.md#the-ops-area): its sign-in, overview and each feature's page. */
const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    element: <AdminArea />,
    children: [{ index: true, element: <AdminOverview /> }, ...adminSections.map((s) => ({ path: s.path, element: <s.page /> }))],
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [...coreRoutes, ...leagueRoutes, ...courtRoutes, ...adminRoutes, { path: '*', element: <ComingSoonPage /> }],
  },
];
