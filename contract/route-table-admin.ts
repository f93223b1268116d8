/**
 * Route table rows of the admin's backups and maintenance, and of the household's automation (recipe
 * actions, webhooks, notifiers). Spread into ROUTES (contract/route-table.ts).
 */
import { route, type AnyQuery } from './route-table-row.js';
import type { NotifierCreate, NotifierOut, NotifierUpdate, RecipeActionIn, RecipeActionOut, WebhookIn, WebhookOut } from './automation.js';
import type {
  AllBackups, BackupSchedule, BackupScheduleOut, MaintenanceLogs, MaintenanceRetention, MaintenanceStorage, MaintenanceSummary, RestoreSummary,
} from './backups.js';
import type { Paginated, SuccessResponse } from './common.js';
import { API } from './routes.js';

export const adminRoutes = {
  backups: route('GET', API.adminBackups).returns<AllBackups>(),
  backupCreate: route('POST', API.adminBackups).returns<SuccessResponse>(),
  backupDelete: route('DELETE', API.adminBackupsByFileName).returns<SuccessResponse>(),
  backupRestore: route('POST', API.adminBackupsByFileNameRestore).returns<RestoreSummary>(),
  /** GET of one backup answers the file token its download takes. */
  backupFileToken: route('GET', API.adminBackupsByFileName).returns<{ fileToken: string }>(),
  backupSchedule: route('GET', API.adminBackupsSchedule).returns<BackupScheduleOut>(),
  backupScheduleUpdate: route('PUT', API.adminBackupsSchedule).returns<BackupScheduleOut, BackupSchedule>(),
  backupScheduleRun: route('POST', API.adminBackupsScheduleRun).returns<BackupScheduleOut>(),

  maintenance: route('GET', API.adminMaintenance).returns<MaintenanceSummary>(),
  maintenanceStorage: route('GET', API.adminMaintenanceStorage).returns<MaintenanceStorage>(),
  maintenanceLogs: route('GET', API.adminMaintenanceLogs).returns<MaintenanceLogs, undefined, { lines: number }>(),
  maintenanceRetention: route('GET', API.adminMaintenanceRetention).returns<MaintenanceRetention>(),
  maintenanceClean: {
    images: route('POST', API.adminMaintenanceCleanImages).returns<SuccessResponse>(),
    temp: route('POST', API.adminMaintenanceCleanTemp).returns<SuccessResponse>(),
    'recipe-folders': route('POST', API.adminMaintenanceCleanRecipeFolders).returns<SuccessResponse>(),
    logs: route('POST', API.adminMaintenanceCleanLogs).returns<SuccessResponse>(),
    retention: route('POST', API.adminMaintenanceCleanRetention).returns<SuccessResponse>(),
  },

  recipeActionCreate: route('POST', API.householdsRecipeActions).returns<RecipeActionOut, RecipeActionIn>(),
  recipeActionUpdate: route('PUT', API.householdsRecipeActionsByItemId).returns<RecipeActionOut, RecipeActionIn>(),
  recipeActionDelete: route('DELETE', API.householdsRecipeActionsByItemId).returns<RecipeActionOut>(),
  webhooks: route('GET', API.householdsWebhooks).returns<Paginated<WebhookOut>, undefined, AnyQuery>(),
  webhookCreate: route('POST', API.householdsWebhooks).returns<WebhookOut, WebhookIn>(),
  webhookUpdate: route('PUT', API.householdsWebhooksByItemId).returns<WebhookOut, WebhookIn>(),
  webhookDelete: route('DELETE', API.householdsWebhooksByItemId).returns<WebhookOut>(),
  webhookTest: route('POST', API.householdsWebhooksByItemIdTest).returns<null>(),
  notifiers: route('GET', API.householdsEventsNotifications).returns<Paginated<NotifierOut>, undefined, AnyQuery>(),
  notifierCreate: route('POST', API.householdsEventsNotifications).returns<NotifierOut, NotifierCreate>(),
  notifierUpdate: route('PUT', API.householdsEventsNotificationsByItemId).returns<NotifierOut, NotifierUpdate>(),
  notifierDelete: route('DELETE', API.householdsEventsNotificationsByItemId).returns<null>(),
  notifierTest: route('POST', API.householdsEventsNotificationsByItemIdTest).returns<null>(),
} as const;
