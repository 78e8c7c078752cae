import { z } from 'zod';

export const systemModeSchema = z.object({
  isLiveMode: z.boolean(),
  mode: z.enum(['test', 'live']),
});
export type SystemMode = z.infer<typeof systemModeSchema>;

/** The process answers and so does its database (within a fraction of a second). */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export const readySchema = z.object({ status: z.literal('ready') });
