import { z } from 'zod';

/**
 * What a notice is about, which decides its channels (the platform's switches and the user's preferences). A
 * notification job carries it so that the channels are asked again when it runs: a job retried after email was
 * switched off sends nothing.
 */
export const NOTICE_CATEGORIES = ['booking', 'cancellation', 'reminder'] as const;
export const noticeCategorySchema = z.enum(NOTICE_CATEGORIES);
export type NoticeCategory = z.infer<typeof noticeCategorySchema>;
