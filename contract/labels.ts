import { z } from 'zod';
import { fieldMessages } from './common.js';

export const DEFAULT_LABEL_COLOR = '#959595';

/** Mealie's MultiPurposeLabelCreate (POST) and MultiPurposeLabelUpdate (PUT; id and groupId are ignored). */
export const labelIn = z.object({
  name: z.string().trim().min(1, fieldMessages.required).max(200, fieldMessages.maxLength(200)),
  // Mealie's web UI sends "" for "no colour": that is the default colour, as in Mealie. Anything else must
  // be a CSS hex colour (#rgb, #rrggbb or #rrggbbaa), so every client can draw it.
  color: z
    .string()
    .trim()
    .max(50)
    .nullish()
    .transform((v) => (v ? v : DEFAULT_LABEL_COLOR))
    .pipe(z.string().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a colour like #959595')),
});
export type LabelIn = z.infer<typeof labelIn>;
export const labelUpdate = labelIn.extend({ id: z.string().max(200).optional(), groupId: z.string().max(200).optional() });

/** Mealie's MultiPurposeLabelOut / MultiPurposeLabelSummary. */
export const labelOut = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  groupId: z.string(),
});
export type LabelOut = z.infer<typeof labelOut>;

/** POST /api/groups/seeders/{foods|units|labels}. */
export const seederConfig = z.object({ locale: z.string().trim().min(1, fieldMessages.required).max(20) });
export type SeederConfig = z.infer<typeof seederConfig>;
export const seederKinds = ['foods', 'units', 'labels'] as const;
export type SeederKind = (typeof seederKinds)[number];
