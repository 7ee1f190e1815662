import type { FastifyInstance } from 'fastify';

export type KnownRoutes = { methodsFor: (url: string) => string[] };

const toRegExp = (pattern: string): RegExp =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((segment) => {
        if (segment === '*') return '.*';
        if (segment.startsWith(':')) return '[^/]+';
        return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      })
      .join('/')}/?$`,
  );

// Remembers every route's path and methods so that a request on a known path with another method can be told
// apart from an unknown path. Installed first so that it sees every route.
export function trackRoutes(app: FastifyInstance): KnownRoutes {
  const routes: { regExp: RegExp; methods: string[] }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'OPTIONS' && m !== 'HEAD',
    );
    if (route.url === '*' || methods.length === 0) return;
    routes.push({ regExp: toRegExp(route.url), methods });
  });
  return {
    methodsFor(url) {
      const path = url.split('?')[0];
      return [...new Set(routes.filter((route) => route.regExp.test(path)).flatMap((route) => route.methods))];
    },
  };
}
