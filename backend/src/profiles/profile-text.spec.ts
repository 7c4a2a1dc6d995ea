import type { UserProfile } from '@gotnext/shared';
import { profileText, withRank } from './profile-text';

/** The profile as the service built it before profile-text.ts: one object, region_ranking between the rating fields and height/weight. */
function wholeProfile(shows: Record<'rating' | 'rank' | 'height' | 'weight', boolean>, rank: number | null | undefined, bio: string): UserProfile {
  const profile: UserProfile = {
    user_id: 7,
    username: 'Dré "the" \u2028 Hooper',
    profile_picture: null,
    profile_picture_version: 3,
    state: 'CA',
    bio,
    match_statistics: { total_wins: 2, total_losses: 1, total_disputes: 0, games_played: 3 },
    recent_matches: [],
  };
  if (shows.rating) Object.assign(profile, { rating: '1.512', provisional: false, ranked_games: 12 });
  if (shows.rank) profile.region_ranking = rank;
  if (shows.height) profile.height = '6\'2"';
  if (shows.weight) profile.weight = null;
  return profile;
}

describe('profileText', () => {
  it('gives the very bytes JSON.stringify gave of the whole profile, for every visibility and rank', () => {
    for (let mask = 0; mask < 16; mask++) {
      const shows = { rating: !!(mask & 1), rank: !!(mask & 2), height: !!(mask & 4), weight: !!(mask & 8) };
      for (const rank of [1, 250_000, null, undefined]) {
        for (const bio of ['', '}{,"region_ranking":1', '\u0000rank']) {
          const whole = wholeProfile(shows, rank, bio);
          const { region_ranking: _omitted, ...withoutRank } = whole;
          expect(withRank(profileText(withoutRank, 'CA', shows.rank), rank)).toBe(JSON.stringify(whole));
        }
      }
    }
  });
});
