import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import { useImportFromZip } from '../../api/hooks/imports';
import { toast } from '../../components/toast/toastStore';
import { recipePath } from '../../lib/recipe/paths';
import FileDropZone from './FileDropZone';
import ImportError from './ImportError';
import ImportFrame from './ImportFrame';
import ImportProgress from './ImportProgress';
import { fileSize } from './importText';

/** /g/{groupSlug}/r/create/zip: a recipe zip (a recipe's export download) sent as multipart `archive`. */
export default function ImportZipPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { groupSlug = '' } = useParams();
  const [file, setFile] = useState<File | null>(null);
  const upload = useImportFromZip();

  const start = () => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (slug) => {
        toast.success(t('recipe-import.imported'));
        navigate(recipePath(groupSlug, slug));
      },
    });
  };

  return (
    <ImportFrame method="zip" title={t('recipe-import.zip.title')} icon={<FolderZipIcon fontSize="large" />}>
      <Paper sx={{ padding: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>{t('recipe-import.zip.description')}</Typography>
        <FileDropZone
          accept=".zip,application/zip,application/x-zip-compressed"
          hint={t('recipe-import.zip.hint')}
          disabled={upload.isPending}
          buttons={[{ label: t('recipe-import.zip.choose'), icon: <FolderZipIcon />, testId: 'zip-input' }]}
          onFiles={([first]) => {
            upload.reset();
            setFile(first ?? null);
          }}
        />
        {file && (
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, marginBlockStart: 2 }} data-testid="chosen-file">
            <FolderZipIcon color="action" />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography noWrap dir="auto">{file.name}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {fileSize(file.size, i18n.language)}
              </Typography>
            </Box>
            <IconButton aria-label={t('recipe-import.remove-file', { name: file.name })} onClick={() => setFile(null)} disabled={upload.isPending}>
              <CloseIcon />
            </IconButton>
          </Stack>
        )}
        {upload.isPending && <ImportProgress uploaded={upload.progress} working={t('recipe-import.reading')} />}
        {!upload.isPending && <ImportError error={upload.error} />}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', marginBlockStart: 2 }}>
          <Button variant="contained" startIcon={<CloudUploadIcon />} disabled={!file} loading={upload.isPending} onClick={start}>
            {t('recipe-import.import')}
          </Button>
        </Stack>
      </Paper>
    </ImportFrame>
  );
}
