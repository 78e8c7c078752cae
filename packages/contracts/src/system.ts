import { z } from 'zod';

export const systemModeSchema = z.object({
  isLiveMode: z.boolean(),
  mode: z.enum(['test', 'live']),
});
export type SystemMode = z.infer<typeof systemModeSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export const readySchema = z.object({ status: z.literal('ready') });
