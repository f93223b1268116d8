import { z } from 'zod';

/** Admin backups and maintenance (Mealie's AllBackups, BackupFile, MaintenanceSummary …), shared with the web app. */

/** A backup's own check (Hearth's; Mealie clients ignore it): it unpacks, every table's rows restore, its files. */
export const backupVerification = z.object({
  ok: z.boolean(),
  checkedAt: z.string(),
  tables: z.number().nullable(),
  rows: z.number().nullable(),
  files: z.number().nullable(),
  /** SHA-256 of the archive as checked. */
  sha256: z.string().nullable(),
  error: z.string().nullable(),
  /** BACKUP_COPY_TO_S3: when the copy was made, or why not. */
  copiedAt: z.string().nullable(),
  copyError: z.string().nullable(),
});
export type BackupVerification = z.infer<typeof backupVerification>;

export const backupFile = z.object({ name: z.string(), date: z.string(), size: z.string(), verification: backupVerification.nullable().optional() });
export type BackupFile = z.infer<typeof backupFile>;

export const allBackups = z.object({ imports: z.array(backupFile), templates: z.array(z.string()) });
export type AllBackups = z.infer<typeof allBackups>;

export const backupFileParam = z.object({ file_name: z.string().min(1).max(255) });

/** What a restore did, per table: rows in the backup, rows loaded, rows dropped (orphans, duplicates). */
export const restoreSummary = z.object({
  message: z.string(),
  error: z.boolean(),
  tables: z.record(z.string(), z.object({ source: z.number(), loaded: z.number(), dropped: z.number() })).optional(),
  skippedTables: z.array(z.string()).optional(),
  files: z.number().optional(),
  /** A Mealie backup's plain-text ingredient lines that the parser gave an amount or a food (their text kept). */
  ingredientsParsed: z.number().optional(),
});
export type RestoreSummary = z.infer<typeof restoreSummary>;

export const maintenanceSummary = z.object({ dataDirSize: z.string(), cleanableImages: z.number(), cleanableDirs: z.number() });
export type MaintenanceSummary = z.infer<typeof maintenanceSummary>;

export const maintenanceStorage = z.object({
  tempDirSize: z.string(),
  backupsDirSize: z.string(),
  groupsDirSize: z.string(),
  recipesDirSize: z.string(),
  userDirSize: z.string(),
});
export type MaintenanceStorage = z.infer<typeof maintenanceStorage>;

export const maintenanceLogs = z.object({ logs: z.array(z.string()) });
export type MaintenanceLogs = z.infer<typeof maintenanceLogs>;

/** Tables that only ever grow and the retention that keeps them small (Hearth's own; GET /api/admin/maintenance/retention). */
export const retentionTable = z.object({
  name: z.string(),
  rows: z.number(),
  /** On-disk size with indexes, in bytes, and readable (null where the engine cannot tell). */
  bytes: z.number().nullable(),
  size: z.string().nullable(),
  /** Days kept (0 = forever). */
  keepDays: z.number(),
});
export const retentionRun = z.object({
  at: z.string(),
  removed: z.record(z.string(), z.number()),
  total: z.number(),
  error: z.string().nullable(),
});
export const maintenanceRetention = z.object({
  tables: z.array(retentionTable),
  lastRun: retentionRun.nullable(),
  nextRunAt: z.string().nullable(),
});
export type RetentionTable = z.infer<typeof retentionTable>;
export type RetentionRun = z.infer<typeof retentionRun>;
export type MaintenanceRetention = z.infer<typeof maintenanceRetention>;

export const backupSchedule = z.object({
  enabled: z.boolean(),
  /** "HH:MM", server time (UTC). */
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  keep: z.number().int().min(1).max(365),
  /** A weekly backup beside the daily one, on `day` (0 = Sunday … 6) at the same time, kept `keep` deep. */
  weekly: z.object({ enabled: z.boolean(), day: z.number().int().min(0).max(6), keep: z.number().int().min(1).max(104) }).optional(),
});
export type BackupSchedule = z.infer<typeof backupSchedule>;

export const backupScheduleOut = backupSchedule.extend({
  weekly: z.object({ enabled: z.boolean(), day: z.number(), keep: z.number() }),
  lastVerified: z.object({ name: z.string(), date: z.string(), tables: z.number(), rows: z.number() }).nullable(),
  lastError: z.string().nullable(),
});
export type BackupScheduleOut = z.infer<typeof backupScheduleOut>;
