import { reportSummary } from '../../../contract/reports.js';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import { badRequest } from '../../platform/errors.js';
import type { App } from '../../platform/http.js';
import { readMultipart } from '../../platform/multipart.js';
import { startMigration } from './service.js';
import { API } from '../../../contract/routes.js';

/** POST /api/groups/migrations: multipart migration_type, archive, add_migration_tag → ReportSummary. */
export default async function migrationRoutes(app: App, deps: Deps) {
  app.post(API.groupsMigrations, { config: { access: 'user' }, schema: { tags: ['Groups: Migrations'], response: { 200: reportSummary } } }, async (request) => {
    const { fields, files } = await readMultipart(request);
    const archive = files.archive?.[0];
    if (!archive) throw badRequest('common.missing-file-field-archive');
    if (!fields.migration_type) throw badRequest('migrations.missing-field-migration-type');
    return startMigration(deps, currentUser(request), {
      type: fields.migration_type,
      archive: archive.data,
      addMigrationTag: ['true', '1', 'on'].includes((fields.add_migration_tag ?? '').toLowerCase()),
    });
  });
}
