import type { AllBackups, BackupSchedule, BackupScheduleOut, MaintenanceLogs, MaintenanceStorage, MaintenanceSummary, RestoreSummary } from '../../../contract/backups';
import type { ReportOut, ReportSummary } from '../../../contract/reports';
import { api, buildUrl } from './client';
import { sendMultipartWithProgress, type UploadProgressHandler } from './multipart';

/** Admin backups, maintenance, the OpenAI debug call and group migrations (issue 15). */
type Message = { message: string; error: boolean };

export const backupsApi = {
  list: () => api.get<AllBackups>('/api/admin/backups'),
  create: () => api.post<Message>('/api/admin/backups'),
  remove: (name: string) => api.delete<Message>(`/api/admin/backups/${encodeURIComponent(name)}`),
  restore: (name: string) => api.post<RestoreSummary>(`/api/admin/backups/${encodeURIComponent(name)}/restore`, { toasts: false }),
  fileToken: (name: string) => api.get<{ fileToken: string }>(`/api/admin/backups/${encodeURIComponent(name)}`),
  upload: (file: File, onProgress?: UploadProgressHandler) => sendMultipartWithProgress<Message>('POST', '/api/admin/backups/upload', [['archive', file]], { onProgress }),
  schedule: () => api.get<BackupScheduleOut>('/api/admin/backups/schedule'),
  saveSchedule: (body: BackupSchedule) => api.put<BackupScheduleOut>('/api/admin/backups/schedule', { json: body }),
  runSchedule: () => api.post<BackupScheduleOut>('/api/admin/backups/schedule/run'),
};

/** Where a file token downloads (opened in a new window, as the spec says). */
export function downloadUrl(token: string): string {
  return buildUrl('/api/utils/download', { token });
}

export const maintenanceApi = {
  summary: () => api.get<MaintenanceSummary>('/api/admin/maintenance'),
  storage: () => api.get<MaintenanceStorage>('/api/admin/maintenance/storage'),
  logs: (lines: number) => api.get<MaintenanceLogs>('/api/admin/maintenance/logs', { query: { lines } }),
  clean: (what: 'images' | 'temp' | 'recipe-folders' | 'logs') => api.post<Message>(`/api/admin/maintenance/clean/${what}`),
  debugOpenAi: (image: File | null) =>
    sendMultipartWithProgress<{ success: boolean; response: string | null }>('POST', '/api/admin/debug/openai', image ? [['image', image], ['extension', image.name.split('.').pop() ?? '']] : []),
};

export const migrationsApi = {
  start: (type: string, file: File, addTag: boolean, onProgress?: UploadProgressHandler) =>
    sendMultipartWithProgress<ReportSummary>('POST', '/api/groups/migrations', [['migration_type', type], ['add_migration_tag', String(addTag)], ['archive', file]], { onProgress }),
  report: (id: string) => api.get<ReportOut>(`/api/groups/reports/${encodeURIComponent(id)}`),
  reports: () => api.get<ReportSummary[]>('/api/groups/reports', { query: { report_type: 'migration' } }),
};
