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
  { path: 'account', element: placeholder('Account') },
  { path: 'delete-account', element: placeholder('Delete Account') },
  { path: 'create-match', element: placeholder('Create Match') },
  { path: 'join-match', element: placeholder('Join Match') },
  { path: 'pregame/:matchId', element: placeholder('Match Lobby') },
  // 1v1 and 2v2 share /report-score (?matchType=, default 1v1); the larger team types have their own.
  { path: 'report-score/:matchId', element: placeholder('Report Score') },
  { path: 'report-score3v3/:matchId', element: placeholder('Report Score') },
  { path: 'report-score4v4/:matchId', element: placeholder('Report Score') },
  { path: 'report-score5v5/:matchId', element: placeholder('Report Score') },
  { path: 'resolve-dispute/:matchId', element: placeholder('Resolve Dispute') },
  { path: 'resolve-dispute-2v2/:matchId', element: placeholder('Resolve Dispute') },
  { path: 'resolve-dispute-3v3/:matchId', element: placeholder('Resolve Dispute') },
  { path: 'resolve-dispute-4v4/:matchId', element: placeholder('Resolve Dispute') },
  { path: 'resolve-dispute-5v5/:matchId', element: placeholder('Resolve Dispute') },
  { path: 'stats', element: placeholder('Stats') },
  { path: 'stats/:userId', element: placeholder('Stats') },
  { path: 'profile/:userId', element: placeholder('Profile') },
  { path: 'friends', element: placeholder('Friends') },
  { path: 'messages', element: placeholder('Messages') },
  { path: 'chat/:userId', element: placeholder('Chat') },
  { path: 'notifications', element: placeholder('Notifications') },
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
