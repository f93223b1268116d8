import type { BackupSchedule } from '../../../contract/backups';
import { ROUTES } from '../../../contract/route-table';
import { API } from '../../../contract/routes';
import { buildUrl, call } from './client';
import { sendMultipart, type UploadProgressHandler } from './multipart';

/** Admin backups, maintenance, the OpenAI debug call and group migrations (issue 15). */
export const backupsApi = {
  list: () => call(ROUTES.backups),
  create: () => call(ROUTES.backupCreate),
  remove: (name: string) => call(ROUTES.backupDelete, { params: { file_name: name } }),
  restore: (name: string) => call(ROUTES.backupRestore, { params: { file_name: name }, toasts: false }),
  fileToken: (name: string) => call(ROUTES.backupFileToken, { params: { file_name: name } }),
  upload: (file: File, onProgress?: UploadProgressHandler) => sendMultipart(ROUTES.backupUpload, [['archive', file]], { onProgress }),
  schedule: () => call(ROUTES.backupSchedule),
  saveSchedule: (body: BackupSchedule) => call(ROUTES.backupScheduleUpdate, { json: body }),
  runSchedule: () => call(ROUTES.backupScheduleRun),
};

/** Where a file token downloads (opened in a new window, as the spec says). */
export function downloadUrl(token: string): string {
  return buildUrl(API.utilsDownload, { token });
}

/** The clean-ups of /api/admin/maintenance/clean/{what}; `retention` removes the growing tables' old rows. */
export type MaintenanceClean = keyof typeof ROUTES.maintenanceClean;

export const maintenanceApi = {
  summary: () => call(ROUTES.maintenance),
  storage: () => call(ROUTES.maintenanceStorage),
  logs: (lines: number) => call(ROUTES.maintenanceLogs, { query: { lines } }),
  retention: () => call(ROUTES.maintenanceRetention),
  clean: (what: MaintenanceClean) => call(ROUTES.maintenanceClean[what]),
  debugOpenAi: (image: File | null) =>
    sendMultipart(ROUTES.debugOpenAi, image ? [['image', image], ['extension', image.name.split('.').pop() ?? '']] : []),
};

export const migrationsApi = {
  start: (type: string, file: File, addTag: boolean, onProgress?: UploadProgressHandler) =>
    sendMultipart(ROUTES.migrationStart, [['migration_type', type], ['add_migration_tag', String(addTag)], ['archive', file]], { onProgress }),
  report: (id: string) => call(ROUTES.report, { params: { item_id: id } }),
  reports: () => call(ROUTES.reports, { query: { report_type: 'migration' } }),
};
