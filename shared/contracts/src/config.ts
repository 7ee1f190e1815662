import { z } from 'zod';

// The client configuration the shell fetches at start (config.json beside the shell).
export const clientConfigSchema = z.object({
  appName: z.string().min(1),
  apiUrl: z.string().url(),
  // SPKI PEM of the login key pair; when present the password travels RSA-OAEP encrypted.
  key: z.string().nullable().default(null),
  defaultUrl: z.string().default('/agenda'),
  chunkLoadTimeoutMs: z.number().int().positive().default(120_000),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

// Business constants (spec section 9).
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
