import { z } from 'zod';
import { messages } from './rules';
import { fields, nullableFields } from './validation';

export const MAX_PASSWORD = 256;
// On the wire a password may be the RSA-OAEP ciphertext of the login key (base64), as on POST /user/login.
const MAX_WIRE_PASSWORD = 4096;
export const wirePassword = () =>
  z
    .string({ error: messages.passwordRequired })
    .min(1, messages.passwordRequired)
    .max(MAX_WIRE_PASSWORD, messages.invalid);

// My account (/mon-compte): the connected user's own profile and password.
export const profilePayloadSchema = z.object({
  firstName: fields.requiredText(100),
  lastName: fields.requiredText(100),
  email: fields.email().max(255, messages.invalid),
  phone: nullableFields.phone(),
});
export type ProfilePayload = z.input<typeof profilePayloadSchema>;

export const passwordChangePayloadSchema = z.object({ currentPassword: wirePassword(), newPassword: wirePassword() });
export type PasswordChangePayload = z.input<typeof passwordChangePayloadSchema>;

// One of the connected user's open sessions (/mon-compte): the device read from its browser's User-Agent
// ("Chrome sur Linux"), when it began and when it was last seen (to the minute), and whether it is this one.
export const userSessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
