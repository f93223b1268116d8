import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupSchedule } from '../../../../contract/backups';
import { unwrap } from '../client';
import { backupsApi, maintenanceApi, migrationsApi, type MaintenanceClean } from '../backups';

const keys = {
  backups: ['admin', 'backups'] as const,
  schedule: ['admin', 'backups', 'schedule'] as const,
  maintenance: ['admin', 'maintenance'] as const,
  logs: (lines: number) => ['admin', 'maintenance', 'logs', lines] as const,
  reports: ['group', 'reports', 'migration'] as const,
};

export function useBackups() {
  return useQuery({ queryKey: keys.backups, queryFn: () => unwrap(backupsApi.list()) });
}
export function useBackupSchedule() {
  return useQuery({ queryKey: keys.schedule, queryFn: () => unwrap(backupsApi.schedule()) });
}

export function useBackupMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: keys.backups });
  return {
    create: useMutation({ mutationFn: () => unwrap(backupsApi.create()), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (name: string) => unwrap(backupsApi.remove(name)), onSuccess: refresh }),
    upload: useMutation({ mutationFn: (args: { file: File; onProgress?: (n: number) => void }) => unwrap(backupsApi.upload(args.file, args.onProgress)), onSuccess: refresh }),
    // After a restore the accounts are the backup's: everything cached belongs to the old instance.
    restore: useMutation({ mutationFn: (name: string) => unwrap(backupsApi.restore(name)), onSuccess: () => client.clear() }),
    saveSchedule: useMutation({ mutationFn: (body: BackupSchedule) => unwrap(backupsApi.saveSchedule(body)), onSuccess: (data) => client.setQueryData(keys.schedule, data) }),
    runSchedule: useMutation({
      mutationFn: () => unwrap(backupsApi.runSchedule()),
      onSuccess: (data) => {
        client.setQueryData(keys.schedule, data);
        void refresh();
      },
    }),
  };
}

export function useMaintenance() {
  const summary = useQuery({ queryKey: [...keys.maintenance, 'summary'], queryFn: () => unwrap(maintenanceApi.summary()) });
  const storage = useQuery({ queryKey: [...keys.maintenance, 'storage'], queryFn: () => unwrap(maintenanceApi.storage()) });
  return { summary, storage };
}
/** The growing tables (rows, size, days kept) and the last clean-up. */
export function useMaintenanceRetention() {
  return useQuery({ queryKey: [...keys.maintenance, 'retention'], queryFn: () => unwrap(maintenanceApi.retention()) });
}
export function useMaintenanceLogs(lines: number) {
  return useQuery({ queryKey: keys.logs(lines), queryFn: () => unwrap(maintenanceApi.logs(lines)) });
}
export function useMaintenanceClean() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: MaintenanceClean) => unwrap(maintenanceApi.clean(what)),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.maintenance }),
  });
}
export function useDebugOpenAi() {
  return useMutation({ mutationFn: (image: File | null) => unwrap(maintenanceApi.debugOpenAi(image)) });
}

export function useMigrationReports() {
  return useQuery({ queryKey: keys.reports, queryFn: () => unwrap(migrationsApi.reports()) });
}
export function useMigrationReport(id: string | null) {
  // The import runs as a job after the upload is answered: follow the report until it is finished.
  return useQuery({
    queryKey: ['group', 'report', id],
    queryFn: () => unwrap(migrationsApi.report(id ?? '')),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data?.status === 'in-progress' ? 1000 : false),
  });
}
export function useStartMigration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (args: { type: string; file: File; addTag: boolean; onProgress?: (n: number) => void }) => unwrap(migrationsApi.start(args.type, args.file, args.addTag, args.onProgress)),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.reports });
      void client.invalidateQueries({ queryKey: ['recipes'] });
    },
  });
}
