export * from './api';
export * from './config';
export * from './errors';
export * from './notify';
export * from './query-client';
export * from './runtime';
export * from './session';
export * from './user';
export { encryptPassword } from './crypto';
