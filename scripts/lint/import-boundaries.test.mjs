// The boundary rule's verdicts on the paths it judges (run by `npm run lint`).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { refusal } from './import-boundaries.mjs';

const allowed = (from, to, specifier = './x') => assert.equal(refusal(from, to, specifier), null, `${from} → ${to}`);
const refused = (from, to, pattern, specifier = './x') => assert.match(refusal(from, to, specifier) ?? '', pattern, `${from} → ${to}`);

test('the frontend never imports backend code, by path or by package', () => {
  refused('frontend/src/features/matches/LobbyPage.tsx', 'backend/src/matches/match-code', /never imports backend/);
  refused('frontend/src/app/routes.tsx', null, /never imports backend/, '@gotnext/backend/dist/x');
  allowed('frontend/src/features/matches/LobbyPage.tsx', null, '@gotnext/shared');
});

test('the contract imports neither side', () => {
  refused('libs/shared/src/index.ts', 'backend/src/app.module', /contract/);
  refused('libs/shared/src/index.ts', 'frontend/src/main', /contract/);
  refused('backend/src/matches/x.ts', 'frontend/src/main', /never imports frontend/);
});

test('a frontend feature reaches another only through what it offers', () => {
  allowed('frontend/src/features/leagues/LeaguePage.tsx', 'frontend/src/features/matches/PlayerList');
  allowed('frontend/src/features/leagues/LeaguePage.tsx', 'frontend/src/features/matches/index');
  allowed('frontend/src/features/leagues/LeaguePage.tsx', 'frontend/src/features/leagues/sub/Thing');
  allowed('frontend/src/app/routes.tsx', 'frontend/src/features/matches/LobbyPage');
  refused('frontend/src/features/leagues/sub/Deep.tsx', 'frontend/src/features/matches/LobbyPage', /FRONTEND_FEATURE_EXPORTS/);
});

test('a backend feature reaches another through its public files; the platform is open', () => {
  for (const file of ['matches.module', 'matches.http.module', 'match-lobby.service', 'matches.repository', 'entities/match.entity', 'dto/match.dto', 'match-rules']) {
    allowed('backend/src/leagues/leagues.service.ts', `backend/src/matches/${file}`);
  }
  allowed('backend/src/leagues/leagues.service.ts', 'backend/src/database/unit-of-work');
  allowed('backend/src/app.module.ts', 'backend/src/matches/match-deadline-scheduler');
  allowed('backend/test/matches.int-spec.ts', 'backend/src/matches/match-deadline-scheduler');
  allowed('backend/src/matches/match-lobby.service.ts', 'backend/src/matches/match-deadline-scheduler');
  refused('backend/src/leagues/leagues.service.ts', 'backend/src/matches/match-deadline-scheduler', /BACKEND_FEATURE_EXPORTS/);
  refused('backend/src/common/auth/auth.guard.ts', 'backend/src/sessions/session-cache', /internal to the sessions feature/);
});
