// The import-boundary rule of `npm run lint` (docs/architecture.md#the-gate): which folder may import
// which file. It resolves each relative import against the importing file, so `../b/x` and
// `../../features/b/x` are judged alike, and names the allowed way in when it refuses one.
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Backend folders every feature may use freely: the platform the features stand on, not features.
 * Every other folder of backend/src is a feature.
 */
export const BACKEND_KERNEL = ['common', 'config', 'database', 'events', 'jobs', 'realtime', 'redis', 'throttle', 'chat'];

/** What makes a backend file public to other features by its kind: modules, services, repositories, guards, types, entities, DTOs. */
const BACKEND_PUBLIC_KIND = /(\.(module|service|repository|guard|types)$)|(^(entities|dto)\/)/;

/**
 * The other files a backend feature offers other features on purpose (path inside the feature
 * folder, without extension). Adding one is a decision about the feature's surface.
 */
export const BACKEND_FEATURE_EXPORTS = {
  auth: ['account-mail-links'],
  friends: ['player-id'],
  leagues: ['league-access', 'league-id', 'league-match-history'],
  'league-matches': ['league-history'],
  // match-settlement and match-evidence: a witnessed score settles and disputes through the reports' own path (docs/matches.md#witnessed-score).
  matches: ['match-code', 'match-results', 'match-rules', 'match-outcome-sql', 'match-settlement', 'match-evidence'],
  media: ['media-paths'],
  notifications: ['notifier', 'unread-messages'],
  passwords: ['common-passwords'],
  presence: ['presence.store'],
  profiles: ['local-time'],
  ratings: ['leaderboards', 'leaderboard-scopes', 'leaderboard-changes', 'leaderboard-scripts', 'rating-pools', 'league-pool', 'rating-rewrite', 'pool-replay'],
  users: ['user.view', 'shown-player-sql'],
};

/**
 * The files a frontend feature offers other features on purpose (path inside the feature folder,
 * without extension). A feature's `index.ts`, where it has one, is always public.
 */
export const FRONTEND_FEATURE_EXPORTS = {
  account: ['blocking', 'useMe'],
  articles: ['ArticleBody', 'ArticlesAdminPage', 'articleQueries'],
  courts: ['AdminCourtsPage', 'RunsNearYou', 'CourtTitles'],
  chat: ['ChatComposer', 'ChatThread', 'chatPages', 'useChatPages'],
  home: ['OnboardingChecklist'],
  info: ['legalPages'],
  'fair-play': ['AdminIntegrityPage', 'LobbyChances'],
  leaderboard: ['leaderboardQueries'],
  'league-matches': ['AddMatchHistoryModal', 'RecentMatches', 'leagueMatchQueries'],
  matches: [
    'AdminDisputesPage',
    'LobbyExitActions',
    'MatchResultCard',
    'MatchTypeFields',
    'MyMatchesList',
    'OpenLobbiesNearYou',
    'PlayerList',
    'ScoreInputs',
    'lobbyRules',
    'matchQueries',
    'matches.css',
    'overallScope',
  ],
  notifications: ['NotificationEntry', 'PushPrompt', 'pushDevice'],
  reports: ['AdminReportsPage', 'ReportPlayerModal'],
  scoreboard: ['ScoreLogs', 'ScorerChoice'],
  social: ['PlayerSearch', 'ProfileSocialButtons', 'socialQueries', 'social.css'],
  stats: ['statsQueries'],
  verification: ['IdCheckSection', 'IdentityFlagsPage', 'inviteReturn'],
};

const withoutExtension = (path) => path.replace(/\.(tsx?|mjs|cjs|js)$/, '');
const posix = (path) => path.split(sep).join('/');

/** The repository-relative path an import points at, or null for a package import. */
function target(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  return posix(relative(ROOT, join(dirname(fromFile), specifier)));
}

/** Under `base/<folder>/rest`: [folder, rest]; else null. */
function inFolder(path, base) {
  if (!path.startsWith(`${base}/`)) return null;
  const [folder, ...rest] = path.slice(base.length + 1).split('/');
  return rest.length === 0 ? null : [folder, rest.join('/')];
}

/** Why `from` may not import `to` (repository-relative paths), or null when it may. */
export function refusal(from, to, specifier) {
  if (from.startsWith('frontend/')) {
    if (/^@gotnext\/backend(\/|$)/.test(specifier) || to?.startsWith('backend/')) {
      return 'The frontend never imports backend code; what both sides need lives in libs/shared.';
    }
    const a = inFolder(from, 'frontend/src/features');
    const b = to && inFolder(to, 'frontend/src/features');
    if (a && b && a[0] !== b[0]) {
      const file = withoutExtension(b[1]);
      const offered = FRONTEND_FEATURE_EXPORTS[b[0]] ?? [];
      if (file !== 'index' && !offered.includes(file)) {
        return `features/${b[0]}/${b[1]} is not one of the files features/${b[0]} offers other features: import its index.ts, or add the file to FRONTEND_FEATURE_EXPORTS (scripts/lint/import-boundaries.mjs) on purpose.`;
      }
    }
    return null;
  }
  if (from.startsWith('backend/src/') || from.startsWith('libs/')) {
    if (to && (to.startsWith('frontend/') || (from.startsWith('libs/') && to.startsWith('backend/')))) {
      return from.startsWith('libs/') ? 'libs/shared is the contract: it imports neither the backend nor the frontend.' : 'The backend never imports frontend code.';
    }
  }
  const a = inFolder(from, 'backend/src');
  const b = to && inFolder(to, 'backend/src');
  if (a && b && a[0] !== b[0] && !BACKEND_KERNEL.includes(b[0])) {
    const file = withoutExtension(b[1]);
    if (!BACKEND_PUBLIC_KIND.test(file) && !(BACKEND_FEATURE_EXPORTS[b[0]] ?? []).includes(file)) {
      return `${b[0]}/${b[1]} is internal to the ${b[0]} feature: use its module, service, repository, guard, types, entities or dto, or add the file to BACKEND_FEATURE_EXPORTS (scripts/lint/import-boundaries.mjs) on purpose.`;
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Feature folders import each other only through the files they offer (docs/architecture.md#the-gate).' } },
  create(context) {
    const from = posix(relative(ROOT, context.filename));
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const why = refusal(from, target(context.filename, specifier), specifier);
      if (why) context.report({ node: node.source, message: why });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export const importBoundaries = { rules: { 'feature-boundaries': rule } };
