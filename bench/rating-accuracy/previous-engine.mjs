// The engine GotNext shipped before issue 46 (team Elo with margin, favourite correction and a
// new-player boost), frozen here as the bench's "previous engine" reference. Same formula and
// constants as it had (git history of libs/shared/src/rating/rate-match.ts); Math.pow is fine in a bench.
const K = 24;
const expected = (own, other) => 1 / (1 + Math.pow(10, (other - own) / 400));
const mean = (team) => team.reduce((s, p) => s + p.mu, 0) / team.length;
// Players are { id, mu, games }; rate() returns [{ id, after: { mu, games } }].
const margin = (w, l, t) => 0.5 + 1.5 * Math.sqrt((w - l) / Math.max(t, w));
const favourite = (w, l) => 2.2 / (2.2 + 0.001 * Math.min(1000, Math.max(-1000, w - l)));
const boost = (games) => 1 + (1.5 * Math.max(0, 15 - games)) / 15;

/** options.favourite / options.margin / options.boost = false switch a factor off (ablations). */
export function previousEngine(options = {}) {
  const use = { favourite: true, margin: true, boost: true, ...options };
  return {
    name: options.name ?? 'previous engine',
    initial: () => ({ mu: 1500, games: 0 }),
    winProbability: (a, b) => expected(mean(a), mean(b)),
    rate({ teamA, teamB, scoreA, scoreB, target }) {
      const n = teamA.length;
      const size = 1 / Math.sqrt(n);
      const length = target <= 7 ? 0.7 : 1;
      const out = [];
      const u = (p) => (use.boost ? boost(p.games) : 1);
      if (scoreA === scoreB) {
        const ma = mean(teamA);
        const mb = mean(teamB);
        const da = K * size * length * (0.5 - expected(ma, mb));
        for (const p of teamA) out.push({ id: p.id, after: { mu: p.mu + u(p) * da, games: p.games + 1 } });
        for (const p of teamB) out.push({ id: p.id, after: { mu: p.mu - u(p) * da, games: p.games + 1 } });
        return out;
      }
      const [w, l, sw, sl] = scoreA > scoreB ? [teamA, teamB, scoreA, scoreB] : [teamB, teamA, scoreB, scoreA];
      const mw = mean(w);
      const ml = mean(l);
      const d = K * size * length * (use.margin ? margin(sw, sl, target) : 1) * (use.favourite ? favourite(mw, ml) : 1) * (1 - expected(mw, ml));
      for (const p of w) out.push({ id: p.id, after: { mu: p.mu + u(p) * d, games: p.games + 1 } });
      for (const p of l) out.push({ id: p.id, after: { mu: p.mu - u(p) * d, games: p.games + 1 } });
      return out;
    },
  };
}
