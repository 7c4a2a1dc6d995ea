import 'reflect-metadata';
import { createDataSource } from '../database/data-source';
import { checkRatingsAgainstReplay } from './rating-replay-check';
import { rewriteRatings } from './rating-rewrite';

/**
 * `npm run ratings:rebuild`: replays all ranked history (overall and league pools) under the
 * current engine version and reports any difference from the stored ratings and rating events
 * (there must be none). Exit code 1 when something differs. Reads DATABASE_URL; changes nothing.
 * `npm run ratings:rebuild -- --write` first rewrites every pool from the replay (what the
 * engine-version migration does), then checks (docs/rating.md#rebuild).
 */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required.');
    return 2;
  }
  const db = createDataSource(url);
  await db.initialize();
  try {
    if (process.argv.includes('--write')) {
      const written = await db.transaction((m) => rewriteRatings(db, m));
      console.log(`Rewrote the overall pool (${written.players} player(s)) and ${written.leagues} league pool(s) under the current engine.`);
    }
    const report = await checkRatingsAgainstReplay(db);
    console.log(`Replayed ${report.matches} rated match(es), ranked and league, for ${report.players} player(s), counted once per pool.`);
    if (!report.differences.length) {
      console.log('Stored ratings match the replay bit for bit: no differences.');
      return 0;
    }
    console.log(`${report.differences.length} difference(s):`);
    report.differences.forEach((d) => console.log(`  ${d}`));
    return 1;
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (err) => {
      console.error(`Rebuild failed: ${err?.message ?? err}`);
      process.exit(2);
    },
  );
}
