import { z } from 'zod';

/** Mealie's paginated envelope: snake_case keys, camelCase items. */
export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    total_pages: z.number().int(),
    items: z.array(item),
    next: z.string().nullable(),
    previous: z.string().nullable(),
  });
}
export type Paginated<T> = {
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
  items: T[];
  next: string | null;
  previous: string | null;
};

export const paginationQuery = z.object({
  page: z.coerce.number().int().default(1),
  perPage: z.coerce.number().int().min(-1).default(50),
  orderBy: z.string().max(200).optional(),
  orderByNullPosition: z.enum(['first', 'last']).optional(),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  queryFilter: z.string().max(5000).optional(),
  paginationSeed: z.string().max(200).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;
/** The same query for lists that default to everything (members, timeline events). */
export const paginationQueryAll = paginationQuery.extend({ perPage: z.coerce.number().int().min(-1).default(-1) });

export const successResponse = z.object({ message: z.string(), error: z.boolean() });
export type SuccessResponse = z.infer<typeof successResponse>;

/** The error body inside `detail` for every error except 401. */
export const errorDetail = z.object({
  message: z.string(),
  error: z.literal(true),
  exception: z.string().nullable().optional(),
});

export const validationResponse = z.object({ valid: z.boolean() });
export type ValidationResponse = z.infer<typeof validationResponse>;

export const idParam = z.object({ item_id: z.string().min(1).max(200) });

export { fieldMessages, PASSWORD_MIN_LENGTH } from './messages.js';
