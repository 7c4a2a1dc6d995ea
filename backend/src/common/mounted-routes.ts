import type { INestApplication } from '@nestjs/common';

export interface MountedRoute {
  method: string;
  url: string;
}

const byApp = new WeakMap<object, MountedRoute[]>();

/**
 * Records every route Fastify mounts (Nest's controllers, uploads, docs, bull-board), as it mounts
 * them. The route-contract test compares them with ROUTES (libs/shared/src/api/routes.ts).
 */
export function recordMountedRoutes(
  app: INestApplication,
  fastify: { addHook(name: 'onRoute', hook: (route: { method: string | string[]; url: string }) => void): unknown },
): void {
  const routes: MountedRoute[] = [];
  byApp.set(app, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

export function mountedRoutes(app: INestApplication): MountedRoute[] {
  return [...(byApp.get(app) ?? [])];
}
