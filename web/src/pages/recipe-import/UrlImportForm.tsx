import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import ScienceIcon from '@mui/icons-material/Science';
import { useImportFromUrl, useTestScrape } from '../../api/hooks/imports';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { toast } from '../../components/toast/toastStore';
import { recipePath } from '../../lib/recipe/paths';
import { validators } from '../../lib/validation';
import ImportError from './ImportError';
import ImportProgress from './ImportProgress';
import ScrapePreview from './ScrapePreview';

interface UrlForm {
  url: string;
  includeTags: boolean;
}

/**
 * One URL: Import saves it and opens the new recipe; Test shows what would be imported without saving.
 * `?recipe_import_url=` (Mealie's bookmarklet parameter) fills the field; with `&test=1` (a share to Hearth, the
 * bookmarklet) the test starts at once, so the preview is the first thing the person sees.
 */
export default function UrlImportForm() {
  const { t } = useTranslation();
  const v = validators(t);
  const navigate = useNavigate();
  const { groupSlug = '' } = useParams();
  const [params] = useSearchParams();
  const { control, handleSubmit } = useForm<UrlForm>({
    defaultValues: { url: params.get('recipe_import_url') ?? '', includeTags: false },
  });
  const includeTags = useWatch({ control, name: 'includeTags' });
  const currentUrl = useWatch({ control, name: 'url' });
  const importUrl = useImportFromUrl();
  const test = useTestScrape();
  const [lastTried, setLastTried] = useState<'import' | 'test' | null>(null);

  const startImport = (url: string) => {
    setLastTried('import');
    importUrl.mutate(
      { url: url.trim(), includeTags },
      {
        onSuccess: (slug) => {
          toast.success(t('recipe-import.imported'));
          navigate(recipePath(groupSlug, slug));
        },
      },
    );
  };

  const onImport = handleSubmit(({ url }) => startImport(url));
  const onTest = handleSubmit(({ url }) => {
    setLastTried('test');
    test.mutate(url.trim());
  });

  const autoTest = params.get('test') === '1' && Boolean(params.get('recipe_import_url'));
  const autoTested = useRef(false);
  useEffect(() => {
    if (!autoTest || autoTested.current) return;
    autoTested.current = true;
    void onTest();
  }, [autoTest, onTest]);

  const error = lastTried === 'import' ? importUrl.error : lastTried === 'test' ? test.error : null;
  const busy = importUrl.isPending || test.isPending;

  return (
    <>
      <Paper sx={{ padding: { xs: 2, sm: 3 }, marginBlockEnd: 2 }}>
        <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('recipe-import.url.description')}</Typography>
        <Box component="form" noValidate onSubmit={onImport}>
          <FormTextField
            name="url"
            control={control}
            label={t('recipe-import.url.label')}
            type="url"
            required
            autoFocus
            placeholder="https://"
            rules={{ validate: { required: v.required, url: v.url } }}
            slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'off', spellCheck: false, dir: 'ltr' } }}
          />
          <FormSwitch name="includeTags" control={control} label={t('recipe-import.include-tags')} />
          <Stack direction="row" sx={{ gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap', marginBlockStart: 1 }}>
            <Button startIcon={<ScienceIcon />} onClick={() => void onTest()} disabled={busy} loading={test.isPending}>
              {t('recipe-import.url.test')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<CloudDownloadIcon />} disabled={busy} loading={importUrl.isPending}>
              {t('recipe-import.import')}
            </Button>
          </Stack>
        </Box>
        {importUrl.isPending && <ImportProgress working={t('recipe-import.url.importing')} />}
        {test.isPending && <ImportProgress working={t('recipe-import.url.testing')} />}
        {!busy && <ImportError error={error} />}
      </Paper>
      {test.data && !test.isPending && test.variables === currentUrl.trim() && (
        <ScrapePreview
          recipe={test.data}
          showOrganizers={includeTags}
          importing={importUrl.isPending}
          onImport={() => test.variables && startImport(test.variables)}
        />
      )}
    </>
  );
}
