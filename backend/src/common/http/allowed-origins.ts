import type { AppConfig } from '../../config/env';

/** CORS_ORIGINS and the public URL's origin: the pages that may call the API and open sockets from elsewhere. */
export function allowedOrigins(config: AppConfig): Set<string> {
  const allowed = new Set(
    config.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  );
  allowed.add(new URL(config.PUBLIC_URL).origin);
  return allowed;
}
