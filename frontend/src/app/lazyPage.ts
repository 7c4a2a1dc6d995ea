import { lazy, type ComponentType } from 'react';

/**
 * A page whose code is fetched the first time it is shown. Pages are named exports, so this picks
 * the one named `name` from the module.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<M[K] extends ComponentType<infer P> ? P : never> }));
}
