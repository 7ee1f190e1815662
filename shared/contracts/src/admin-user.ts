import { z } from 'zod';
import { MAX_PASSWORD, wirePassword } from './account';
import { weakPasswordMessage } from './password-policy';
import { messages } from './rules';
import { personTitles, roleFlagsSchema, userSchema } from './user';
import { fields, nullableFields } from './validation';
import { wireBoolean, wireJson } from './wire';

// The users and teams page (/liste-utilisateurs): every user with what the admin decides on (roles, leader,
// active) and what tells whether a deactivation can go through (owned contacts, team members).
export const adminUserSchema = userSchema.omit({ settings: true }).extend({
  // ISO 8601, null before the first login.
  lastLoginAt: z.string().nullable(),
  contactCount: z.number().int(),
  teamMemberCount: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

// The wire fields of POST /admin/user/store and /admin/user/{id}/store: `role` is a JSON string of the four flags,
// as GET /user returns it.
const userFields = {
  trigram: fields.trigram().transform((value) => value.toUpperCase()),
  title: z.enum(personTitles, { error: messages.invalid }),
  firstName: fields.requiredText(100),
  lastName: fields.requiredText(100),
  email: fields.email().max(255, messages.invalid),
  phone: nullableFields.phone(),
  role: wireJson(roleFlagsSchema),
  leaderId: nullableFields.id(),
  isActive: wireBoolean.default(true),
};

// A first password on creation (the policy is checked by the server: weakPassword); on an update, an empty or
// absent password leaves it as it is.
export const userCreatePayloadSchema = z.object({ ...userFields, password: wirePassword() });
export const userUpdatePayloadSchema = z.object({
  ...userFields,
  password: z.preprocess((value) => (value === '' || value === null ? undefined : value), wirePassword().optional()),
});
export type UserCreatePayload = z.input<typeof userCreatePayloadSchema>;
export type UserUpdatePayload = z.input<typeof userUpdatePayloadSchema>;
export type UserChanges = z.output<typeof userUpdatePayloadSchema>;

// The panel's form: the roles as four fields, and the password policy checked before sending (the same function
// as the server's). `creating`: a first password is required.
export function userFormSchema(creating: boolean) {
  return z
    .object({
      ...userFields,
      role: roleFlagsSchema,
      password: creating
        ? z
            .string({ error: messages.passwordRequired })
            .min(1, messages.passwordRequired)
            .max(MAX_PASSWORD, messages.invalid)
        : z.string().max(MAX_PASSWORD, messages.invalid),
    })
    .superRefine((values, context) => {
      if (values.password === '' || values.password === undefined) return;
      const message = weakPasswordMessage(values.password, values);
      if (message !== null) context.addIssue({ code: 'custom', path: ['password'], message });
    });
}

// Moves a leader's team members to another leader (null: no team), before the leader is deactivated.
export const teamMovePayloadSchema = z.object({ leaderId: nullableFields.id() });
export type TeamMovePayload = z.input<typeof teamMovePayloadSchema>;
export const teamMoveResultSchema = z.object({ moved: z.number().int() });
