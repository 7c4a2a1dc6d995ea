import type { RouteObject } from 'react-router-dom';
import { ScreenPlaceholder } from '../components/ScreenPlaceholder';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage';
import { LoginPage } from '../features/auth/LoginPage';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage';
import { SignupPage } from '../features/auth/SignupPage';
import { VerificationPage } from '../features/auth/VerificationPage';
import { VerifyEmailPage } from '../features/auth/VerifyEmailPage';
import { HomePage } from '../features/home/HomePage';
import { ComingSoonPage } from '../features/info/ComingSoonPage';
import { ContactPage } from '../features/info/ContactPage';
import { PrivacyPage } from '../features/info/PrivacyPage';
import { TermsPage } from '../features/info/TermsPage';
import { CreateMatchPage } from '../features/matches/CreateMatchPage';
import { JoinMatchPage } from '../features/matches/JoinMatchPage';
import { LobbyPage } from '../features/matches/LobbyPage';
import { ReportScorePage } from '../features/matches/ReportScorePage';
import { ResolveDisputePage } from '../features/matches/ResolveDisputePage';
import { ProfilePage } from '../features/stats/ProfilePage';
import { StatsPage } from '../features/stats/StatsPage';
import { AccountPage } from '../features/account/AccountPage';
import { DeleteAccountPage } from '../features/account/DeleteAccountPage';
import { NotificationsPage } from '../features/notifications/NotificationsPage';
import { AppShell } from './AppShell';

const placeholder = (title: string) => <ScreenPlaceholder title={title} />;

/** Core §2: every route of the app. Screens not built yet show a placeholder naming them. */
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
  { path: 'resolve-dispute/:matchId', element: <ResolveDisputePage fixedType="1v1" /> },
  { path: 'resolve-dispute-2v2/:matchId', element: <ResolveDisputePage fixedType="2v2" /> },
  { path: 'resolve-dispute-3v3/:matchId', element: <ResolveDisputePage fixedType="3v3" /> },
  { path: 'resolve-dispute-4v4/:matchId', element: <ResolveDisputePage fixedType="4v4" /> },
  { path: 'resolve-dispute-5v5/:matchId', element: <ResolveDisputePage fixedType="5v5" /> },
  { path: 'stats', element: <StatsPage /> },
  { path: 'stats/:userId', element: <StatsPage /> },
  { path: 'profile/:userId', element: <ProfilePage /> },
  { path: 'friends', element: placeholder('Friends') },
  { path: 'messages', element: placeholder('Messages') },
  { path: 'chat/:userId', element: placeholder('Chat') },
  { path: 'notifications', element: <NotificationsPage /> },
  { path: 'article/:articleId', element: placeholder('Article') },
  { path: 'leaderboard', element: placeholder('Leaderboard') },
  { path: 'contact', element: <ContactPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'terms', element: <TermsPage /> },
];

/** Leagues §2. */
const leagueRoutes: RouteObject[] = [
  { path: 'leagues', element: placeholder('Leagues') },
  { path: 'league/:leagueId', element: placeholder('League') },
  // The league comes from the route or, without one, from localStorage `league_id`.
  { path: 'clm', element: placeholder('Create League Match') },
  { path: 'clm/:leagueId', element: placeholder('Create League Match') },
  { path: 'lmpregame/:matchId', element: placeholder('League Pregame Lobby') },
  { path: 'join-league-match/:leagueId', element: placeholder('Join League Match') },
  { path: 'lmreportscore/:matchId', element: placeholder('Report League Score') },
  { path: 'league-dispute/:matchId', element: placeholder('League Dispute') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [...coreRoutes, ...leagueRoutes, { path: '*', element: <ComingSoonPage /> }],
  },
];
