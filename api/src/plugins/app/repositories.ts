import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { createRepositories, type Repositories } from '../../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    repos: Repositories;
  }
}

export const repositoriesPlugin = fp<{ config: AppConfig; db: Db }>(
  async (app, { config, db }) => {
    app.decorate('config', config);
    app.decorate('repos', createRepositories(db));
  },
  { name: 'repositories' },
);
