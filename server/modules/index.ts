import type { Deps } from '../platform/deps.js';
import type { Subscriber } from '../platform/events/types.js';
import type { Schedule } from '../platform/jobs/schedules.js';
import type { JobHandler } from '../platform/jobs/types.js';
import type { App } from '../platform/http.js';
import adminRoutes from './admin/routes.js';
import appRoutes from './app/routes.js';
import metricsRoutes from './app/metrics.js';
import authRoutes from './auth/routes.js';
import groupRoutes from './groups/routes.js';
import householdRoutes from './households/routes.js';
import mediaRoutes from './media/routes.js';
import userRoutes from './users/routes.js';
import validatorRoutes from './validators/routes.js';
import foodRoutes from './foods/routes.js';
import labelRoutes from './labels/routes.js';
import organizerRoutes from './organizers/routes.js';
import recipeRoutes from './recipes/routes.js';
import recipeNutritionRoutes from './recipes/nutrition-routes.js';
import seederRoutes from './seeders/routes.js';
import unitRoutes from './units/routes.js';
import recipeMediaRoutes from './recipe-media/routes.js';
import commentRoutes from './comments/routes.js';
import timelineRoutes from './timeline/routes.js';
import ratingRoutes from './ratings/routes.js';
import shareRoutes from './shares/routes.js';
import exportRoutes from './exports/routes.js';
import recipeImportRoutes from './recipe-import/routes.js';
import parserRoutes from './parser/routes.js';
import reportRoutes from './reports/routes.js';
import exploreRoutes from './explore/routes.js';
import mealplanRoutes from './mealplans/routes.js';
import cupboardRoutes from './cupboard/routes.js';
import shoppingRoutes from './shopping/routes.js';
import cookbookRoutes from './cookbooks/routes.js';
import recipeActionRoutes from './recipe-actions/routes.js';
import notifierRoutes from './notifiers/routes.js';
import webhookRoutes from './webhooks/routes.js';
import backupRoutes from './backups/routes.js';
import { scheduledBackupJob, scheduledBackupSchedule } from './backups/schedule.js';
import migrationRoutes from './migrations/routes.js';
import { migrationJob } from './migrations/service.js';
import maintenanceRoutes from './maintenance/routes.js';
import ocrRoutes from './ocr/routes.js';
import { bulkImportJob, sweepImportsSchedule } from './recipe-import/bulk.js';
import { searchIndexJob } from './recipes/jobs.js';
import { purgeInvitationsSchedule } from './households/invitations.js';
import { notifierDeliveryJob, notifierSubscriber, notifierTestJob } from './notifiers/delivery.js';
import { webhookPostJob, webhooksSchedule, webhookTestJob } from './webhooks/schedule.js';
import { purgeExportsSchedule } from './exports/group-exports.js';
import { retentionSchedule } from './maintenance/retention.js';

export type Module = (app: App, deps: Deps) => Promise<void>;

/** Every API area, registered in this order by buildApp. */
export const modules: Module[] = [
  appRoutes,
  metricsRoutes,
  authRoutes,
  userRoutes,
  householdRoutes,
  groupRoutes,
  adminRoutes,
  validatorRoutes,
  mediaRoutes,
  organizerRoutes,
  foodRoutes,
  unitRoutes,
  labelRoutes,
  seederRoutes,
  recipeRoutes,
  recipeNutritionRoutes,
  recipeMediaRoutes,
  commentRoutes,
  timelineRoutes,
  ratingRoutes,
  shareRoutes,
  exportRoutes,
  recipeImportRoutes,
  parserRoutes,
  reportRoutes,
  exploreRoutes,
  cupboardRoutes,
  mealplanRoutes,
  shoppingRoutes,
  cookbookRoutes,
  recipeActionRoutes,
  notifierRoutes,
  webhookRoutes,
  backupRoutes,
  migrationRoutes,
  maintenanceRoutes,
  ocrRoutes,
];

/**
 * Side effects of events (server/platform/events): each `{ name, events, handle(event, deps) }` receives the
 * events it names after commit, in order, at least once, from its own cursor. Append; never rename one.
 */
export const subscribers: Subscriber[] = [
  notifierSubscriber,
];

/** Durable job handlers `{ name, handle(data, ctx) }` for deps.jobs.enqueue(name, …) (server/platform/jobs). */
export const jobHandlers: JobHandler[] = [
  bulkImportJob,
  searchIndexJob,
  migrationJob,
  scheduledBackupJob,
  notifierDeliveryJob,
  webhookPostJob,
  webhookTestJob,
  notifierTestJob,
];

/** Recurring tasks `{ name, everyMs, run(deps) }`: each due run happens once across all processes. */
export const schedules: Schedule[] = [
  sweepImportsSchedule,
  purgeInvitationsSchedule,
  scheduledBackupSchedule,
  webhooksSchedule,
  purgeExportsSchedule,
  retentionSchedule,
];
