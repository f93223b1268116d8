import { z } from 'zod';
import { paginationQueryAll } from './common.js';

/** Recipe timeline events on the wire (Mealie's RecipeTimelineEventIn / Update / Out). */

export const timelineEventType = z.enum(['system', 'info', 'comment']);
export type TimelineEventType = z.infer<typeof timelineEventType>;
export const timelineEventImage = z.enum(['has image', 'does not have image']);
export type TimelineEventImage = z.infer<typeof timelineEventImage>;

const timestampText = z.string().max(40).refine((v) => !Number.isNaN(Date.parse(v)), 'Must be a valid date');

export const timelineEventIn = z.object({
  recipeId: z.string().min(1).max(100),
  /** Accepted for compatibility; the event always belongs to the caller. */
  userId: z.string().max(100).nullish(),
  subject: z.string().trim().min(1).max(1_000),
  eventType: timelineEventType,
  eventMessage: z.string().max(100_000).nullish(),
  image: timelineEventImage.nullish(),
  timestamp: timestampText.nullish(),
});
export type TimelineEventIn = z.infer<typeof timelineEventIn>;

export const timelineEventUpdate = z.object({
  subject: z.string().trim().min(1).max(1_000),
  eventMessage: z.string().max(100_000).nullish(),
  image: timelineEventImage.nullish(),
});
export type TimelineEventUpdate = z.infer<typeof timelineEventUpdate>;

export const timelineEventOut = z.object({
  id: z.string(),
  recipeId: z.string(),
  userId: z.string().nullable(),
  groupId: z.string(),
  householdId: z.string(),
  subject: z.string(),
  eventType: timelineEventType,
  eventMessage: z.string().nullable(),
  image: timelineEventImage.nullable(),
  timestamp: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TimelineEventOut = z.infer<typeof timelineEventOut>;

/** page 1 and perPage -1 (everything) by default, as Mealie's timeline. */
export const timelineListQuery = paginationQueryAll;
