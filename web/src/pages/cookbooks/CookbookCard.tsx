import type { CSSProperties } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PublicIcon from '@mui/icons-material/Public';
import type { CookbookOut } from '../../../../contract/cookbooks';

const touch = { width: 44, height: 44 };

interface CookbookCardProps {
  cookbook: CookbookOut;
  href: string;
  /** The household's name when it is not the viewer's. */
  householdName?: string | null;
  /** Reordering and editing: only for the viewer's own household's cookbooks. */
  editable?: {
    index: number;
    count: number;
    onMove: (from: number, to: number) => void;
    onEdit: () => void;
    onDelete: () => void;
  };
}

/** One cookbook: its name (a link), description and public mark; with a drag handle and actions when it is the viewer's. */
export default function CookbookCard({ cookbook, href, householdName, editable }: CookbookCardProps) {
  const { t } = useTranslation();
  const sortable = useSortable({ id: cookbook.id, disabled: !editable });
  const style: CSSProperties = { transform: CSS.Transform.toString(sortable.transform), transition: sortable.transition };
  const name = cookbook.name;
  return (
    <Card
      ref={sortable.setNodeRef}
      style={style}
      variant="outlined"
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingInline: 1, paddingBlock: 1, opacity: sortable.isDragging ? 0.6 : 1, listStyle: 'none' }}
      data-testid="cookbook-card"
    >
      {editable && (
        <IconButton
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={t('cookbook.drag-to-reorder', { name })}
          sx={{ ...touch, cursor: 'grab', touchAction: 'none' }}
        >
          <DragIndicatorIcon />
        </IconButton>
      )}
      <Box sx={{ flex: 1, minWidth: 0, paddingInlineStart: editable ? 0 : 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Link component={RouterLink} to={href} variant="subtitle1" sx={{ fontWeight: 500 }}>
            <bdi>{name}</bdi>
          </Link>
          {cookbook.public && (
            <Tooltip title={t('cookbook.public-cookbook')}>
              <PublicIcon fontSize="small" color="action" aria-label={t('cookbook.public-cookbook')} role="img" />
            </Tooltip>
          )}
          {householdName && <Chip size="small" label={<bdi>{householdName}</bdi>} />}
        </Stack>
        {cookbook.description && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
            <bdi>{cookbook.description}</bdi>
          </Typography>
        )}
      </Box>
      {editable && (
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          <IconButton
            aria-label={t('cookbook.move-up', { name })}
            disabled={editable.index === 0}
            onClick={() => editable.onMove(editable.index, editable.index - 1)}
            sx={{ ...touch, display: { xs: 'none', sm: 'inline-flex' } }}
          >
            <ArrowUpwardIcon />
          </IconButton>
          <IconButton
            aria-label={t('cookbook.move-down', { name })}
            disabled={editable.index === editable.count - 1}
            onClick={() => editable.onMove(editable.index, editable.index + 1)}
            sx={{ ...touch, display: { xs: 'none', sm: 'inline-flex' } }}
          >
            <ArrowDownwardIcon />
          </IconButton>
          <IconButton aria-label={t('cookbook.edit-named', { name })} onClick={editable.onEdit} sx={touch}>
            <EditOutlinedIcon />
          </IconButton>
          <IconButton aria-label={t('cookbook.delete-named', { name })} onClick={editable.onDelete} sx={touch}>
            <DeleteOutlineIcon />
          </IconButton>
        </Stack>
      )}
    </Card>
  );
}
