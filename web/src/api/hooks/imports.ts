import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportCategory, ReportOut } from '../../../../contract/reports';
import type { ScrapedRecipeOut } from '../../../../contract/import';
import { unwrap, type ApiResult } from '../client';
import { recipeImportApi, reportApi } from '../endpoints';
import type { UploadProgressHandler } from '../multipart';
import { recipeKeys } from './search';

export type { ReportOut, ScrapedRecipeOut };

export const importKeys = {
  reports: (reportType?: ReportCategory) => ['groups', 'reports', 'list', reportType ?? 'all'] as const,
  report: (id: string) => ['groups', 'reports', 'one', id] as const,
};

/** A new recipe shows up in every recipe list. */
function useRefreshRecipes() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: recipeKeys.all });
}

/** POST /api/recipes/create/url: resolves to the new recipe's slug. */
export function useImportFromUrl() {
  const onSuccess = useRefreshRecipes();
  return useMutation({
    mutationFn: ({ url, includeTags }: { url: string; includeTags: boolean }) => unwrap(recipeImportApi.fromUrl(url, includeTags)),
    onSuccess,
  });
}

/** POST /api/recipes/test-scrape-url: the recipe the URL would give, nothing saved. */
export function useTestScrape() {
  return useMutation({ mutationFn: (url: string) => unwrap(recipeImportApi.testUrl(url)) });
}

/** POST /api/recipes/create/url/bulk: resolves to the report id to follow. */
export function useBulkImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (urls: readonly string[]) => unwrap(recipeImportApi.bulk(urls)),
    onSuccess: () => client.invalidateQueries({ queryKey: importKeys.reports('bulk_import') }),
  });
}

export const REPORT_POLL_MS = 1000;

/** One group report, polled every second while it is in progress; recipe lists refresh when it ends. */
export function useImportReport(id: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: importKeys.report(id ?? ''),
    queryFn: () => unwrap(reportApi.get(id ?? '')),
    enabled: Boolean(id),
    retry: false,
    refetchInterval: (q) => (q.state.data?.status === 'in-progress' ? REPORT_POLL_MS : false),
  });
  const status = query.data?.status;
  useEffect(() => {
    if (!status || status === 'in-progress') return;
    void client.invalidateQueries({ queryKey: recipeKeys.all });
    void client.invalidateQueries({ queryKey: importKeys.reports('bulk_import') });
  }, [status, client]);
  return query;
}

/** The group's reports of one kind, newest first. */
export function useReports(reportType: ReportCategory) {
  return useQuery({
    queryKey: importKeys.reports(reportType),
    queryFn: async () => {
      const reports = await unwrap(reportApi.list(reportType));
      return [...reports].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
    },
  });
}

/** POST /api/recipes/create/html-or-json. */
export function useImportFromHtml() {
  const onSuccess = useRefreshRecipes();
  return useMutation({
    mutationFn: ({ data, includeTags, url }: { data: string; includeTags: boolean; url?: string }) =>
      unwrap(recipeImportApi.fromHtmlOrJson(data, includeTags, url)),
    onSuccess,
  });
}

/**
 * An upload mutation with its progress: `progress` is the share sent (0 to 1) while the body goes up,
 * 1 while the server works on it, null when idle.
 */
function useUploadMutation<V>(send: (vars: V, onProgress: UploadProgressHandler) => Promise<ApiResult<string>>) {
  const onSuccess = useRefreshRecipes();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: async (vars: V) => {
      setProgress(0);
      try {
        return await unwrap(send(vars, setProgress));
      } finally {
        setProgress(null);
      }
    },
    onSuccess,
  });
  return { ...mutation, progress };
}

/** POST /api/recipes/create/zip (multipart `archive`): resolves to the new slug. */
export function useImportFromZip() {
  return useUploadMutation((archive: File, onProgress) => recipeImportApi.fromZip(archive, onProgress));
}

/** POST /api/recipes/create/image (multipart `images`, `extension`): resolves to the new slug. */
export function useImportFromImages() {
  return useUploadMutation(({ images, translateLanguage }: { images: File[]; translateLanguage?: string }, onProgress) =>
    recipeImportApi.fromImages(images, { translateLanguage, onProgress }),
  );
}
