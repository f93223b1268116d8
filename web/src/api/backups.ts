import type { AllBackups, BackupSchedule, BackupScheduleOut, MaintenanceLogs, MaintenanceRetention, MaintenanceStorage, MaintenanceSummary, RestoreSummary } from '../../../contract/backups';
import type { ReportOut, ReportSummary } from '../../../contract/reports';
import { api, buildUrl } from './client';
import { sendMultipart, type UploadProgressHandler } from './multipart';
import { API, apiPath } from '../../../contract/routes';

/** Admin backups, maintenance, the OpenAI debug call and group migrations (issue 15). */
type Message = { message: string; error: boolean };

export const backupsApi = {
  list: () => api.get<AllBackups>(API.adminBackups),
  create: () => api.post<Message>(API.adminBackups),
  remove: (name: string) => api.delete<Message>(apiPath(API.adminBackupsByFileName, { file_name: name })),
  restore: (name: string) => api.post<RestoreSummary>(apiPath(API.adminBackupsByFileNameRestore, { file_name: name }), { toasts: false }),
  fileToken: (name: string) => api.get<{ fileToken: string }>(apiPath(API.adminBackupsByFileName, { file_name: name })),
  upload: (file: File, onProgress?: UploadProgressHandler) => sendMultipart<Message>('POST', API.adminBackupsUpload, [['archive', file]], { onProgress }),
  schedule: () => api.get<BackupScheduleOut>(API.adminBackupsSchedule),
  saveSchedule: (body: BackupSchedule) => api.put<BackupScheduleOut>(API.adminBackupsSchedule, { json: body }),
  runSchedule: () => api.post<BackupScheduleOut>(API.adminBackupsScheduleRun),
};

/** Where a file token downloads (opened in a new window, as the spec says). */
export function downloadUrl(token: string): string {
  return buildUrl(API.utilsDownload, { token });
}

/** The clean-ups of /api/admin/maintenance/clean/{what}; `retention` removes the growing tables' old rows. */
const CLEAN = {
  images: API.adminMaintenanceCleanImages,
  temp: API.adminMaintenanceCleanTemp,
  'recipe-folders': API.adminMaintenanceCleanRecipeFolders,
  logs: API.adminMaintenanceCleanLogs,
  retention: API.adminMaintenanceCleanRetention,
} as const;
export type MaintenanceClean = keyof typeof CLEAN;

export const maintenanceApi = {
  summary: () => api.get<MaintenanceSummary>(API.adminMaintenance),
  storage: () => api.get<MaintenanceStorage>(API.adminMaintenanceStorage),
  logs: (lines: number) => api.get<MaintenanceLogs>(API.adminMaintenanceLogs, { query: { lines } }),
  retention: () => api.get<MaintenanceRetention>(API.adminMaintenanceRetention),
  clean: (what: MaintenanceClean) => api.post<Message>(CLEAN[what]),
  debugOpenAi: (image: File | null) =>
    sendMultipart<{ success: boolean; response: string | null }>('POST', API.adminDebugOpenai, image ? [['image', image], ['extension', image.name.split('.').pop() ?? '']] : []),
};

export const migrationsApi = {
  start: (type: string, file: File, addTag: boolean, onProgress?: UploadProgressHandler) =>
    sendMultipart<ReportSummary>('POST', API.groupsMigrations, [['migration_type', type], ['add_migration_tag', String(addTag)], ['archive', file]], { onProgress }),
  report: (id: string) => api.get<ReportOut>(apiPath(API.groupsReportsByItemId, { item_id: id })),
  reports: () => api.get<ReportSummary[]>(API.groupsReports, { query: { report_type: 'migration' } }),
};
