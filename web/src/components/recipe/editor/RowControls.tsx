import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import type { ReactNode } from 'react';

/** Move up, move down and remove for a row of an editable list (buttons, so the keyboard can reorder). */
export default function RowControls(props: { index: number; count: number; what: string; onMove: (from: number, to: number) => void; onRemove: () => void; extra?: ReactNode }) {
  const { index, count, what, onMove, onRemove, extra } = props;
  const { t } = useTranslation();
  const up = t('recipe-ui.edit.move-up', { what });
  const down = t('recipe-ui.edit.move-down', { what });
  const remove = t('recipe-ui.edit.remove', { what });
  return (
    <Stack direction="row" sx={{ alignItems: 'center', flexShrink: 0 }}>
      {extra}
      <Tooltip title={up}>
        <span>
          <IconButton size="small" aria-label={up} disabled={index === 0} onClick={() => onMove(index, index - 1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={down}>
        <span>
          <IconButton size="small" aria-label={down} disabled={index >= count - 1} onClick={() => onMove(index, index + 1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={remove}>
        <IconButton size="small" aria-label={remove} color="error" onClick={onRemove}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
