import { reportIdParam, reportListQuery, reportOut, reportSummary } from '../../../contract/reports.js';
import { z } from 'zod';
import { currentUser } from '../../platform/auth/guard.js';
import type { Deps } from '../../platform/deps.js';
import type { App } from '../../platform/http.js';
import { deleteReport, getReport, listReports } from './repo.js';
import { API } from '../../../contract/routes.js';

const tags = ['Groups: Reports'];
const access = { access: 'user' as const };

/** GET /api/groups/reports (optionally ?report_type=), GET and DELETE /api/groups/reports/{id}: scoped to the caller's group. */
export default async function reportRoutes(app: App, deps: Deps) {
  app.get(API.groupsReports, { config: access, schema: { tags, querystring: reportListQuery, response: { 200: z.array(reportSummary) } } }, async (request) =>
    listReports(deps.db, currentUser(request).groupId, request.query.report_type ?? null),
  );

  app.get(API.groupsReportsByItemId, { config: access, schema: { tags, params: reportIdParam, response: { 200: reportOut } } }, async (request) =>
    getReport(deps.db, currentUser(request).groupId, request.params.item_id),
  );

  app.delete(API.groupsReportsByItemId, { config: access, schema: { tags, params: reportIdParam, response: { 200: reportOut } } }, async (request) =>
    deleteReport(deps.db, currentUser(request).groupId, request.params.item_id),
  );
}
