import { useHeadToHead } from './ratingQueries';

/** 'You 2–1 vs mchen' on another player's profile (docs/matches.md#profiles). */
export function HeadToHead({ userId }: { userId: number }) {
  const { data } = useHeadToHead(userId);
  if (!data) return null;
  return (
    <p className="head-to-head" data-testid="head-to-head">
      Head to head: {data.text}
    </p>
  );
}
