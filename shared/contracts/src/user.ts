import { z } from 'zod';
import type { RoleFlags } from './roles';
import { messages } from './rules';
import { fields } from './validation';
import { wireBoolean } from './wire';

export const personTitles = ['mister', 'madam', 'miss'] as const;
export type PersonTitle = (typeof personTitles)[number];
export const personTitleLabels: Record<PersonTitle, string> = {
  mister: 'Monsieur',
  madam: 'Madame',
  miss: 'Mademoiselle',
};

export const roleFlagsSchema = z.object({
  admin: z.boolean(),
  businessLeader: z.boolean(),
  businessTeam: z.boolean(),
  recruitmentTeam: z.boolean(),
}) satisfies z.ZodType<RoleFlags>;

// The user's settings, kept on their account so that they follow them to any browser: the layout (the right
// sidebar's choices) and how the agenda opens (its view, and whether it shows the pending todos only).
export const calendarViews = ['month', 'week'] as const;
// The agenda shows accomplished todos too unless the user asks otherwise (onlyPending).
export const CALENDAR_ONLY_PENDING_DEFAULT = false;
export type CalendarViewSetting = (typeof calendarViews)[number];
export const layoutSettingsSchema = z.object({
  layout: z.enum(['vertical', 'horizontal', 'detached', 'full']),
  color: z.enum(['light', 'dark']),
  width: z.enum(['fluid', 'boxed']),
  sidebarTheme: z.enum(['default', 'light', 'dark']),
  sidebarType: z.enum(['fixed', 'condensed', 'scrollable']),
  calendarView: z.enum(calendarViews),
  onlyPending: z.boolean(),
});
export type LayoutSettings = z.infer<typeof layoutSettingsSchema>;

export const defaultLayoutSettings: LayoutSettings = {
  layout: 'vertical',
  color: 'light',
  width: 'fluid',
  sidebarTheme: 'dark',
  sidebarType: 'fixed',
  calendarView: 'month',
  onlyPending: CALENDAR_ONLY_PENDING_DEFAULT,
};

export const userSchema = z.object({
  id: z.number().int(),
  trigram: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  title: z.enum(personTitles),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleFlagsSchema,
  leaderId: z.number().int().nullable(),
  isActive: z.boolean(),
  settings: layoutSettingsSchema,
});
export type User = z.infer<typeof userSchema>;

// What the login form validates in the browser (its messages in rules.ts).
export const loginFormSchema = z.object({
  trigram: fields.trigram(),
  password: z.string({ error: messages.passwordRequired }).min(1, messages.passwordRequired),
  save: z.boolean(),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

// What POST /user/login accepts on the wire: the trigram upper-cased, `save` as 0/1. The password is the
// RSA-OAEP ciphertext (base64) when the server has a login key pair configured.
export const loginPayloadSchema = z.object({
  trigram: fields.trigram().transform((value) => value.toUpperCase()),
  password: z.string().min(1, messages.passwordRequired).max(4096, messages.invalid),
  save: wireBoolean.default(false),
});
export type LoginPayload = z.input<typeof loginPayloadSchema>;

export const settingsPayloadSchema = layoutSettingsSchema.partial();
