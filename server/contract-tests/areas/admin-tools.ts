import { expect } from 'vitest';
import { zipOf } from '../../modules/backups/testing.js';
import { op, type World } from '../rows.js';
import { uploadField } from '../uploads.js';
import { made } from './fixtures.js';

/** A backup made through the client, and its file name. */
async function newBackup(w: World): Promise<string> {
  const before = new Set((await made(w.admin.clients.AdminBackupsApi.getAllApiAdminBackupsGet(), 'backups')).imports.map((b) => b.name));
  await made(w.admin.clients.AdminBackupsApi.createOneApiAdminBackupsPost(), 'backup');
  const after = (await made(w.admin.clients.AdminBackupsApi.getAllApiAdminBackupsGet(), 'backups')).imports.map((b) => b.name);
  const name = after.find((n) => !before.has(n));
  if (!name) throw new Error('fixture "backup" failed: no new file listed');
  return name;
}

/** A My Recipe Box export of one recipe, written here (the real exports live in the shared test data). */
const MY_RECIPE_BOX_CSV = 'title,description,ingredients,instructions,tags\nContract Toast,Crisp and hot,"2 slices bread\n1 tbsp butter",Toast the bread.,breakfast\n';

/** The admin's email check, maintenance, backups, OpenAI check; and a member's data migration. */
export const adminToolRows = [
  op('AdminEmailApi', 'checkEmailConfigApiAdminEmailGet').row({ status: 200, args: () => [], check: (body) => expect(body.ready).toBe(true) }),
  op('AdminEmailApi', 'sendTestEmailApiAdminEmailPost').row({
    status: 200,
    args: () => [{ email: 'contract-postmaster@example.com' }],
    check: (body, w) => {
      expect(body).toMatchObject({ success: true });
      expect(w.server.mailbox.at(-1)?.to).toBe('contract-postmaster@example.com');
    },
  }),

  op('AdminMaintenanceApi', 'getMaintenanceSummaryApiAdminMaintenanceGet').row({ status: 200, args: () => [] }),
  op('AdminMaintenanceApi', 'getStorageDetailsApiAdminMaintenanceStorageGet').row({ status: 200, args: () => [] }),
  op('AdminMaintenanceApi', 'cleanImagesApiAdminMaintenanceCleanImagesPost').row({ status: 200, args: () => [] }),
  op('AdminMaintenanceApi', 'cleanTempApiAdminMaintenanceCleanTempPost').row({ status: 200, args: () => [] }),
  op('AdminMaintenanceApi', 'cleanRecipeFoldersApiAdminMaintenanceCleanRecipeFoldersPost').row({ status: 200, args: () => [] }),

  op('AdminDebugApi', 'debugOpenaiApiAdminDebugOpenaiPost').row({ status: 200, args: () => [], check: (body) => expect(body.success).toBe(true) }),

  op('AdminBackupsApi', 'createOneApiAdminBackupsPost').row({ status: 201, args: () => [] }),
  op('AdminBackupsApi', 'getAllApiAdminBackupsGet').row({ status: 200, setup: newBackup, args: () => [], check: (body, _w, name) => expect(body.imports.map((b) => b.name)).toContain(name) }),
  op('AdminBackupsApi', 'getOneApiAdminBackupsFileNameGet').row({ status: 200, setup: newBackup, args: (_w, name) => [name], check: (body) => expect(body.fileToken).toBeTruthy() }),
  op('AdminBackupsApi', 'deleteOneApiAdminBackupsFileNameDelete').row({ status: 200, setup: newBackup, args: (_w, name) => [name] }),
  op('AdminBackupsApi', 'uploadOneApiAdminBackupsUploadPost').row({
    status: 200,
    setup: () => zipOf([{ name: 'database.json', data: '{}' }]),
    args: (_w, zip) => [uploadField(zip, 'contract-upload.zip', 'application/zip')],
    check: async (_body, w) => {
      const all = await made(w.admin.clients.AdminBackupsApi.getAllApiAdminBackupsGet(), 'backups');
      expect(all.imports.map((b) => b.name)).toContain('contract-upload.zip');
    },
  }),

  op('GroupsMigrationsApi', 'startDataMigrationApiGroupsMigrationsPost').row({
    as: 'member',
    status: 200,
    args: () => ['myrecipebox', uploadField(Buffer.from(MY_RECIPE_BOX_CSV), 'contract.csv', 'text/csv'), undefined, true],
    // The report is answered at once (the migration is a durable job); it settles as a success.
    check: async (body, w) => {
      expect(body).toMatchObject({ category: 'migration' });
      let status = body.status;
      for (let attempt = 0; attempt < 200 && status === 'in-progress'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        status = (await made(w.member.clients.GroupsReportsApi.getOneApiGroupsReportsItemIdGet(body.id), 'report')).status;
      }
      expect(status).toBe('success');
    },
  }),
];
