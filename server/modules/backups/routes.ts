import { allBackups, backupFileParam, backupSchedule, backupScheduleOut, restoreSummary } from '../../../contract/backups.js';
import { successResponse } from '../../../contract/common.js';
import { fileTokenResponse } from '../../../contract/exports.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { emitEvent } from '../../platform/events/emit.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { getSchedule, runScheduledBackup, updateSchedule, watchBackups } from './schedule.js';
import { backupFileToken, createBackup, deleteBackup, listBackups, restoreBackup, saveUploadedBackup } from './service.js';
import { checkAndRecord, forgetVerification, verificationsByName } from './verify.js';
import { API } from '../../../contract/routes.js';

const access = { access: 'admin' as const };
const tags = ['Admin: Backups'];

/** /api/admin/backups: Mealie's backup API (list, create, download token, delete, upload, restore). */
export default async function backupRoutes(app: App, deps: Deps) {
  watchBackups(deps);
  app.get(API.adminBackupsSchedule, { config: access, schema: { tags, response: { 200: backupScheduleOut } } }, async () => getSchedule(deps));
  app.put(API.adminBackupsSchedule, { config: access, schema: { tags, body: backupSchedule, response: { 200: backupScheduleOut } } }, async (request) =>
    updateSchedule(deps, request.body),
  );
  // Runs the scheduled (verified) backup now, whatever the time.
  app.post(API.adminBackupsScheduleRun, { config: access, schema: { tags, response: { 200: backupScheduleOut } } }, async () => {
    await runScheduledBackup(deps, new Date(), true);
    return getSchedule(deps);
  });
  app.get(API.adminBackups, { config: access, schema: { tags, response: { 200: allBackups } } }, async () => {
    const [all, verifications] = await Promise.all([listBackups(deps), verificationsByName(deps)]);
    return { ...all, imports: all.imports.map((file) => ({ ...file, verification: verifications.get(file.name) ?? null })) };
  });
  app.post(API.adminBackups, { config: access, schema: { tags, response: { 201: successResponse } } }, async (request, reply) => {
    const counts: Record<string, number> = {};
    const name = await createBackup(deps, 'mealie', counts);
    await checkAndRecord(deps, name, counts);
    const user = currentUser(request);
    // Announced like Mealie's data_export notifier switch (group-wide: a backup is the whole instance).
    await emitEvent(deps.db, { type: 'data_export', groupId: user.groupId, householdId: null, userId: user.id, data: { name, status: 'success', message: 'Backup created' } });
    reply.status(201);
    return { message: 'Backup created successfully', error: false };
  });
  app.post(API.adminBackupsUpload, { config: access, schema: { tags, response: { 200: successResponse } } }, async (request) => {
    const { files } = await readMultipart(request);
    const archive = files.archive?.[0];
    if (!archive) throw badRequest('common.missing-file-field-archive');
    const name = await saveUploadedBackup(deps, archive.filename, archive.data);
    await checkAndRecord(deps, name);
    return { message: `Backup uploaded: ${name}`, error: false };
  });
  app.get(API.adminBackupsByFileName, { config: access, schema: { tags, params: backupFileParam, response: { 200: fileTokenResponse } } }, async (request) => ({
    fileToken: await backupFileToken(deps, request.params.file_name),
  }));
  app.delete(API.adminBackupsByFileName, { config: access, schema: { tags, params: backupFileParam, response: { 200: successResponse } } }, async (request) => {
    await deleteBackup(deps, request.params.file_name);
    await forgetVerification(deps, request.params.file_name);
    return { message: 'Backup deleted', error: false };
  });
  app.post(API.adminBackupsByFileNameRestore, { config: access, schema: { tags, params: backupFileParam, response: { 200: restoreSummary } } }, async (request) => {
    try {
      return await restoreBackup(deps, request.params.file_name);
    } catch (error) {
      request.log.error({ err: error, backup: request.params.file_name }, 'restore failed');
      throw error;
    }
  });
}
