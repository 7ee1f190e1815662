import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

// What fastify-plugin does, without the extra dependency: the plugin's decorators, hooks and handlers apply
// to the instance that registers it instead of staying encapsulated in a child context.
export function globalPlugin<Options extends Record<string, unknown>>(
  name: string,
  plugin: (app: FastifyInstance, options: Options) => Promise<void>,
): FastifyPluginAsync<Options> {
  const wrapped = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  wrapped[Symbol.for('skip-override')] = true;
  wrapped[Symbol.for('fastify.display-name')] = name;
  return wrapped;
}
