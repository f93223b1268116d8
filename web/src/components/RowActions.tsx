import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';

/** Edit and delete buttons of a table row, labelled with the row's name for screen readers. */
export default function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Tooltip title={t('general.edit')}>
        <IconButton size="small" aria-label={`${t('general.edit')}: ${name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('general.delete')}>
        <IconButton size="small" aria-label={`${t('general.delete')}: ${name}`} onClick={onDelete} color="error">
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
