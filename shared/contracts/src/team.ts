import { z } from 'zod';
import { personTitles } from './user';

// A user as other screens name them: owner pickers, filters, the team page.
export const userBriefSchema = z.object({
  id: z.number().int(),
  trigram: z.string(),
  title: z.enum(personTitles),
  firstName: z.string(),
  lastName: z.string(),
  isActive: z.boolean(),
});
export type UserBrief = z.infer<typeof userBriefSchema>;

// /equipe: each member a businessLeader leads, with the figures of their day.
export const teamMemberSchema = userBriefSchema.extend({
  // Pending todos due today, past their deadline, and due from tomorrow to the end of the week (Sunday).
  todosToday: z.number().int(),
  todosLate: z.number().int(),
  todosThisWeek: z.number().int(),
  standbyContacts: z.number().int(),
  contacts: z.number().int(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
