import { clientConfigSchema, type ClientConfig } from '@bo/contracts';

// The client configuration, fetched once by the shell (config.json beside it) and read by every remote.
let current: ClientConfig | null = null;

export function setClientConfig(config: ClientConfig) {
  current = config;
}

export function getClientConfig(): ClientConfig {
  if (!current) throw new Error('Client configuration not loaded: call applyClientConfig() first.');
  return current;
}

// Checks the JSON of config.json and makes it the configuration.
export function applyClientConfig(json: unknown): ClientConfig {
  const config = clientConfigSchema.parse(json);
  setClientConfig(config);
  return config;
}
