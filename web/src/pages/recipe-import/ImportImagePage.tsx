import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ImageIcon from '@mui/icons-material/Image';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useAbout } from '../../api/hooks/app';
import { useImportFromImages } from '../../api/hooks/imports';
import PageLoader from '../../components/PageLoader';
import { createMethodPath } from '../../components/recipe/createMethods';
import { toast } from '../../components/toast/toastStore';
import { findLocale } from '../../i18n/locales';
import { recipeEditPath } from '../../lib/recipe/paths';
import FileDropZone from './FileDropZone';
import ImportError from './ImportError';
import ImportFrame from './ImportFrame';
import ImportProgress from './ImportProgress';

/** Thumbnails of the chosen photos, each with a remove button. */
function Thumbnails({ files, onRemove, disabled }: { files: File[]; onRemove: (index: number) => void; disabled: boolean }) {
  const { t } = useTranslation();
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((f) => URL.createObjectURL(f));
    setUrls(made);
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, [files]);
  return (
    <Box component="ul" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))', gap: 1, padding: 0, marginBlock: 2 }} aria-label={t('recipe-import.image.chosen')}>
      {files.map((file, i) => (
        <Box component="li" key={`${file.name}-${file.lastModified}-${i}`} sx={{ listStyle: 'none', position: 'relative', aspectRatio: '1', borderRadius: 1, overflow: 'hidden', bgcolor: 'action.hover' }}>
          {urls[i] && <Box component="img" src={urls[i]} alt={file.name} sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />}
          <IconButton
            size="small"
            aria-label={t('recipe-import.remove-file', { name: file.name })}
            onClick={() => onRemove(i)}
            disabled={disabled}
            sx={{ position: 'absolute', insetBlockStart: 4, insetInlineEnd: 4, bgcolor: 'background.paper', '&:hover': { bgcolor: 'background.paper' } }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  );
}

/**
 * /g/{groupSlug}/r/create/image: photos of a recipe (a page of a book, a card) read by the server's AI image
 * services. Offered only when the server says so; otherwise this address goes to the URL import.
 */
export default function ImportImagePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { groupSlug = '' } = useParams();
  const about = useAbout();
  const [files, setFiles] = useState<File[]>([]);
  const [translate, setTranslate] = useState(false);
  const upload = useImportFromImages();

  if (about.isPending) return <PageLoader />;
  if (!about.data?.enableOpenaiImageServices) return <Navigate to={createMethodPath(groupSlug, 'url')} replace />;

  const language = findLocale(i18n.language)?.name ?? i18n.language;
  const start = () =>
    upload.mutate(
      { images: files, translateLanguage: translate ? i18n.language : undefined },
      {
        onSuccess: (slug) => {
          toast.success(t('recipe-import.imported'));
          navigate(recipeEditPath(groupSlug, slug));
        },
      },
    );

  return (
    <ImportFrame method="image" title={t('recipe-import.image.title')} icon={<ImageIcon fontSize="large" />}>
      <Paper sx={{ padding: { xs: 2, sm: 3 } }}>
        <Typography sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>{t('recipe-import.image.description')}</Typography>
        <FileDropZone
          accept="image/*"
          hint={t('recipe-import.image.hint')}
          disabled={upload.isPending}
          buttons={[
            { label: t('recipe-import.image.camera'), icon: <PhotoCameraIcon />, capture: true, testId: 'camera-input' },
            { label: t('recipe-import.image.choose'), icon: <PhotoLibraryIcon />, multiple: true, testId: 'images-input' },
          ]}
          onFiles={(picked) => {
            upload.reset();
            setFiles((current) => [...current, ...picked]);
          }}
        />
        {files.length > 0 && <Thumbnails files={files} disabled={upload.isPending} onRemove={(i) => setFiles((current) => current.filter((_f, j) => j !== i))} />}
        <FormControlLabel
          control={<Switch checked={translate} onChange={(e) => setTranslate(e.target.checked)} />}
          label={t('recipe-import.image.translate', { language })}
        />
        {upload.isPending && <ImportProgress uploaded={upload.progress} working={t('recipe-import.image.reading')} />}
        {!upload.isPending && <ImportError error={upload.error} />}
        <Stack direction="row" sx={{ justifyContent: 'flex-end', marginBlockStart: 2 }}>
          <Button variant="contained" startIcon={<CloudUploadIcon />} disabled={files.length === 0} loading={upload.isPending} onClick={start}>
            {t('recipe-import.image.create', { count: files.length })}
          </Button>
        </Stack>
      </Paper>
    </ImportFrame>
  );
}
