import { clientConfigSchema, type ClientConfig, type ClientConfigInput } from '@bo/contracts';

// The client configuration, fetched once by the shell (config.json beside it) and read by every remote.
let current: ClientConfig | null = null;

// The configuration as written (the defaults fill what it leaves out).
export function setClientConfig(config: ClientConfigInput) {
  current = clientConfigSchema.parse(config);
}

export function getClientConfig(): ClientConfig {
  if (!current) throw new Error('Client configuration not loaded: call applyClientConfig() first.');
  return current;
}

// The configuration when it is loaded, for code that has a default of its own before (unit tests load none).
export function peekClientConfig(): ClientConfig | null {
  return current;
}

// Checks the JSON of config.json and makes it the configuration.
export function applyClientConfig(json: unknown): ClientConfig {
  current = clientConfigSchema.parse(json);
  return current;
}
