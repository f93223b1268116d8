import { z } from 'zod';

/** Group reports (Mealie's ReportSummary / ReportOut): what a bulk import, migration, backup or restore did. */

export const reportCategories = ['backup', 'restore', 'migration', 'bulk_import'] as const;
export type ReportCategory = (typeof reportCategories)[number];

export const reportStatuses = ['in-progress', 'success', 'failure', 'partial'] as const;
export type ReportStatus = (typeof reportStatuses)[number];

export const reportListQuery = z.object({ report_type: z.enum(reportCategories).nullish() });

export const reportIdParam = z.object({ item_id: z.string().min(1).max(64) });

export const reportSummary = z.object({
  timestamp: z.string(),
  category: z.enum(reportCategories),
  groupId: z.string(),
  name: z.string(),
  status: z.enum(reportStatuses),
  id: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummary>;

export const reportEntryOut = z.object({
  reportId: z.string(),
  timestamp: z.string(),
  success: z.boolean(),
  message: z.string(),
  exception: z.string(),
  id: z.string(),
});
export type ReportEntryOut = z.infer<typeof reportEntryOut>;

export const reportOut = reportSummary.extend({ entries: z.array(reportEntryOut) });
export type ReportOut = z.infer<typeof reportOut>;
