import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { createRepositories, type Repositories } from '../../repositories';
import { globalPlugin } from '../global-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    repos: Repositories;
  }
}

export const repositoriesPlugin = globalPlugin<{ config: AppConfig; db: Db }>('repositories', async (app, { config, db }) => {
  app.decorate('config', config);
  app.decorate('repos', createRepositories(db));
});
