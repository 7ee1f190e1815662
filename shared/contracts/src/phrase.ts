import { z } from 'zod';

// A predefined phrase, offered in every notes field (a picker that inserts it at the cursor).
export const phraseSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  text: z.string(),
  order: z.number().int(),
  isActive: z.boolean(),
});
export type Phrase = z.infer<typeof phraseSchema>;
