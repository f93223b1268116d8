import { z } from 'zod';
import { maintenanceLogs, maintenanceRetention, maintenanceStorage, maintenanceSummary } from '../../../contract/backups.js';
import { successResponse } from '../../../contract/common.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { cleanStaleStaging, stagingInUse } from '../backups/service.js';
import { debugOpenAi } from './debug.js';
import { retentionStatus, runRetention } from './retention.js';
import { cleanImages, cleanLogs, cleanRecipeFolders, cleanTemp, maintenanceStorage as storage, maintenanceSummary as summary, tailLogs } from './service.js';
import { API } from '../../../contract/routes.js';

const access = { access: 'admin' as const };
const tags = ['Admin: Maintenance'];

/** /api/admin/maintenance (storage, logs, clean-ups), /api/admin/email and /api/admin/debug/openai. */
export default async function maintenanceRoutes(app: App, deps: Deps) {
  app.get(API.adminMaintenance, { config: access, schema: { tags, response: { 200: maintenanceSummary } } }, async () => summary(deps));
  app.get(API.adminMaintenanceStorage, { config: access, schema: { tags, response: { 200: maintenanceStorage } } }, async () => storage(deps));
  app.get(API.adminMaintenanceLogs,
    { config: access, schema: { tags, querystring: z.object({ lines: z.coerce.number().int().min(1).max(5000).default(200) }), response: { 200: maintenanceLogs } } },
    async (request) => ({ logs: await tailLogs(deps, request.query.lines) }),
  );
  // Hearth's own: the growing tables' rows and size and the last clean-up (retention.ts).
  app.get(API.adminMaintenanceRetention, { config: access, schema: { tags, response: { 200: maintenanceRetention } } }, async () => retentionStatus(deps));
  const clean = (route: string, what: string, work: () => Promise<number>) =>
    app.post(`/api/admin/maintenance/clean/${route}`, { config: access, schema: { tags, response: { 200: successResponse } } }, async () => {
      const n = await work();
      return { message: `${n} ${what} removed`, error: false };
    });
  clean('images', 'images', () => cleanImages(deps));
  clean('temp', 'temporary files', async () => (await cleanTemp(deps, stagingInUse)) + (await cleanStaleStaging(deps, Date.now(), 0)));
  clean('recipe-folders', 'recipe folders', () => cleanRecipeFolders(deps));
  clean('logs', 'log files', () => cleanLogs(deps));
  clean('retention', 'old rows', async () => (await runRetention(deps)).total);

  const emailTags = ['Admin: Email'];
  app.get(API.adminEmail, { config: access, schema: { tags: emailTags, response: { 200: z.object({ ready: z.boolean() }) } } }, async () => ({ ready: deps.mailer.ready }));
  app.post(API.adminEmail,
    { config: access, schema: { tags: emailTags, body: z.object({ email: z.string().email() }), response: { 200: z.object({ success: z.boolean(), error: z.string().nullable() }) } } },
    async (request) => {
      try {
        await deps.mailer.send({ to: request.body.email, subject: 'Hearth test email', text: 'This is a test email from Hearth: email is set up.' });
        return { success: true, error: null };
      } catch (error) {
        return { success: false, error: (error as Error).message };
      }
    },
  );

  app.post(API.adminDebugOpenai,
    { config: access, schema: { tags: ['Admin: Debug'], response: { 200: z.object({ success: z.boolean(), response: z.string().nullable() }) } } },
    async (request) => {
      let image: Buffer | null = null;
      if (request.isMultipart()) {
        const { files } = await readMultipart(request);
        image = files.image?.[0]?.data ?? null;
        if (image && image.length === 0) throw badRequest('maintenance.image-is-empty');
      }
      return debugOpenAi(deps.config, image);
    },
  );
}
