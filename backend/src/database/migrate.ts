import 'reflect-metadata';
import { createDataSource } from './data-source';

/** `npm run migrate`: applies pending migrations to DATABASE_URL and exits. */
export async function runMigrations(databaseUrl: string): Promise<string[]> {
  const ds = createDataSource(databaseUrl);
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required to run migrations.');
    process.exit(1);
  }
  runMigrations(url)
    .then((names) => console.log(names.length ? `Applied migrations: ${names.join(', ')}` : 'Database schema is up to date.'))
    .catch((err) => {
      console.error(`Migration failed: ${err.message}`);
      process.exit(1);
    });
}
