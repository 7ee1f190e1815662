import { z } from 'zod';

// The client configuration the shell fetches at start (config.json beside the shell).
export const clientConfigSchema = z.object({
  appName: z.string().min(1),
  apiUrl: z.string().url(),
  // SPKI PEM of the login key pair; when present the password travels RSA-OAEP encrypted.
  key: z.string().nullable().default(null),
  defaultUrl: z.string().default('/agenda'),
  chunkLoadTimeoutMs: z.number().int().positive().default(120_000),
  // A session not kept ('Ne pas enregistrer') ends after this long (15 minutes), and the user is warned
  // this long before. The deployment may shorten both (the browser tests do).
  sessionAutoClearMs: z.number().int().positive().default(900_000),
  sessionWarningMs: z.number().int().positive().default(60_000),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;
export type ClientConfigInput = z.input<typeof clientConfigSchema>;

// Business constants (docs/requirements.md).
export const limits = {
  requestTimeoutMs: 10_000,
  sessionAutoClearMs: 900_000,
  chunkLoadTimeoutMs: 120_000,
  offCanvasWidth: 1100,
  toastAutoCloseMs: 3000,
  sidebarCondensedMin: 768,
  sidebarFixedMin: 1028,
  needsSheetDeadlineDelay: 10,
  datePickerMinuteStep: 30,
} as const;
