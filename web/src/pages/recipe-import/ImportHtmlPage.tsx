import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import CodeIcon from '@mui/icons-material/Code';
import FileOpenIcon from '@mui/icons-material/FileOpen';
import { useImportFromHtml } from '../../api/hooks/imports';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { toast } from '../../components/toast/toastStore';
import { recipePath } from '../../lib/recipe/paths';
import { validators } from '../../lib/validation';
import ImportError from './ImportError';
import ImportFrame from './ImportFrame';
import ImportProgress from './ImportProgress';
import { dataKind } from './importText';

interface HtmlForm {
  data: string;
  url: string;
  includeTags: boolean;
}

/** The server takes up to 9 MB of text. */
const MAX_DATA = 9_000_000;

/**
 * /g/{groupSlug}/r/create/html: a page's HTML (saved from the browser) or a recipe's JSON (schema.org,
 * Mealie or ours) pasted or loaded from a file; POST /api/recipes/create/html-or-json.
 */
export default function ImportHtmlPage() {
  const { t } = useTranslation();
  const v = validators(t);
  const navigate = useNavigate();
  const { groupSlug = '' } = useParams();
  const fileInput = useRef<HTMLInputElement>(null);
  const { control, handleSubmit, setValue } = useForm<HtmlForm>({ defaultValues: { data: '', url: '', includeTags: false } });
  const data = useWatch({ control, name: 'data' });
  const kind = dataKind(data);
  const importData = useImportFromHtml();

  const onSubmit = handleSubmit(({ data: text, url, includeTags }) =>
    importData.mutate(
      { data: text, includeTags, url: url.trim() || undefined },
      {
        onSuccess: (slug) => {
          toast.success(t('recipe-import.imported'));
          navigate(recipePath(groupSlug, slug));
        },
      },
    ),
  );

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setValue('data', await file.text(), { shouldValidate: true });
  };

  return (
    <ImportFrame method="html" title={t('recipe-import.html.title')} icon={<CodeIcon fontSize="large" />}>
      <Paper sx={{ padding: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1 }}>{t('recipe-import.html.description')}</Typography>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <FormTextField
            name="data"
            control={control}
            label={t('recipe-import.html.label')}
            required
            multiline
            minRows={8}
            maxRows={20}
            rules={{ validate: { required: v.required, max: v.maxLength(MAX_DATA) } }}
            helperText={kind === 'json' ? t('recipe-import.html.looks-json') : kind === 'html' ? t('recipe-import.html.looks-html') : undefined}
            slotProps={{ htmlInput: { spellCheck: false, dir: 'ltr', style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } } }}
          />
          {kind === 'invalid-json' && (
            <Alert severity="warning" sx={{ marginBlock: 1 }}>
              {t('recipe-import.html.invalid-json')}
            </Alert>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-start', marginBlock: 0.5 }}>
            <Button size="small" startIcon={<FileOpenIcon />} onClick={() => fileInput.current?.click()}>
              {t('recipe-import.html.load-file')}
            </Button>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept=".html,.htm,.json,.txt,text/html,application/json,text/plain"
              onChange={(e) => {
                void loadFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Stack>
          <FormTextField
            name="url"
            control={control}
            label={t('recipe-import.html.page-url')}
            helperText={t('recipe-import.html.page-url-hint')}
            type="url"
            rules={{ validate: v.url }}
            slotProps={{ htmlInput: { inputMode: 'url', autoCapitalize: 'off', spellCheck: false, dir: 'ltr' } }}
          />
          <FormSwitch name="includeTags" control={control} label={t('recipe-import.include-tags')} />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', marginBlockStart: 1 }}>
            <Button type="submit" variant="contained" startIcon={<CloudDownloadIcon />} loading={importData.isPending}>
              {t('recipe-import.import')}
            </Button>
          </Stack>
        </Box>
        {importData.isPending && <ImportProgress working={t('recipe-import.reading')} />}
        {!importData.isPending && <ImportError error={importData.error} />}
      </Paper>
    </ImportFrame>
  );
}
