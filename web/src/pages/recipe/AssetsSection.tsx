import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DataObjectIcon from '@mui/icons-material/DataObject';
import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useUploadRecipeAsset } from '../../api/hooks/recipes';
import { toast } from '../../components/toast/toastStore';
import { recipeAssetUrl } from '../../lib/recipe/media';
import type { RecipeOut } from '../../lib/recipe/types';

/** Mealie names asset icons after Material Design Icons; the nearest of ours. */
function AssetIcon({ icon }: { icon: string }) {
  if (icon.includes('pdf')) return <PictureAsPdfIcon />;
  if (icon.includes('image')) return <ImageIcon />;
  if (icon.includes('json') || icon.includes('code')) return <DataObjectIcon />;
  return <InsertDriveFileIcon />;
}

function iconFor(file: File): string {
  if (file.type === 'application/pdf') return 'mdi-file-pdf-box';
  if (file.type.startsWith('image/')) return 'mdi-file-image';
  if (file.type.includes('json')) return 'mdi-code-json';
  return 'mdi-file';
}

/** The recipe's files (spec: assets list), with an upload for those who may edit. */
export default function AssetsSection({ recipe, canEdit }: { recipe: RecipeOut; canEdit: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadRecipeAsset();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    const name = file.name.replace(/\.[^.]+$/, '') || file.name;
    upload.mutate(
      { slug: recipe.slug, name, icon: iconFor(file), file },
      { onSuccess: () => toast.success(t('recipe-ui.assets.uploaded')), onError: () => toast.error(t('recipe-ui.assets.upload-failed')) },
    );
  };

  return (
    <Box component="section" aria-labelledby="recipe-assets-heading">
      <Typography id="recipe-assets-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-ui.assets.title')}
      </Typography>
      {recipe.assets.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('recipe-ui.assets.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {recipe.assets.map((asset, i) => (
            <ListItemButton
              key={`${asset.fileName ?? asset.name}-${i}`}
              component="a"
              href={asset.fileName ? recipeAssetUrl(recipe.id, asset.fileName) : undefined}
              target="_blank"
              rel="noopener"
              download
            >
              <ListItemIcon>
                <AssetIcon icon={asset.icon} />
              </ListItemIcon>
              <ListItemText primary={asset.name} secondary={asset.fileName} />
            </ListItemButton>
          ))}
        </List>
      )}
      {canEdit && (
        <>
          <input ref={input} type="file" hidden onChange={(e) => onFile(e.target.files?.[0])} aria-hidden tabIndex={-1} />
          <Button sx={{ marginBlockStart: 1 }} startIcon={upload.isPending ? <AttachFileIcon /> : <UploadFileIcon />} loading={upload.isPending} onClick={() => input.current?.click()}>
            {t('recipe-ui.assets.upload')}
          </Button>
        </>
      )}
    </Box>
  );
}
