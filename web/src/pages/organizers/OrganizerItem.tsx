import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import { useOrganizerMutations, type AnyOrganizer, type OrganizerKind } from '../../api/hooks/organizers';
import RowActions from '../../components/RowActions';
import { kindInfo, organizerPath } from './kinds';

/** One organizer of the list: its link, the tool's on-hand state, and edit/delete for organizers. */
export default function OrganizerItem({
  kind,
  organizer,
  groupSlug,
  canOrganize,
  onEdit,
  onDelete,
}: {
  kind: OrganizerKind;
  organizer: AnyOrganizer;
  groupSlug: string;
  canOrganize: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const { save } = useOrganizerMutations();
  const info = kindInfo(kind, t);
  const toggling = save.isPending;
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, paddingInline: 2, minHeight: 44, '& + &': { borderBlockStart: 1, borderColor: 'divider' } }}
    >
      <Box sx={{ color: 'text.secondary', display: 'flex' }} aria-hidden>
        {info.icon({ fontSize: 'small' })}
      </Box>
      <Link href={organizerPath(groupSlug, kind, organizer.slug)} underline="hover" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', paddingBlock: 1.25, fontWeight: 500 }}>
        {organizer.name}
      </Link>
      {kind === 'tools' &&
        (canOrganize ? (
          <Switch
            size="small"
            checked={Boolean(organizer.onHand)}
            disabled={toggling}
            onChange={(e) => save.mutate({ kind, id: organizer.id, name: organizer.name, onHand: e.target.checked })}
            slotProps={{ input: { 'aria-label': `${t('organize.on-hand')}: ${organizer.name}` } }}
          />
        ) : (
          organizer.onHand && <Chip size="small" color="success" variant="outlined" label={t('organize.on-hand')} />
        ))}
      {canOrganize && (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          <RowActions name={organizer.name} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      )}
    </Box>
  );
}
