import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { useCurrentUser } from '../../api/hooks/auth';
import { useOrganizers, type AnyOrganizer, type OrganizerKind } from '../../api/hooks/organizers';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import { ListSkeleton } from '../../components/PageSkeleton';
import DeleteOrganizerDialog from './DeleteOrganizerDialog';
import { filterByName, groupByLetter } from './grouping';
import { kindInfo } from './kinds';
import OrganizerFormDialog from './OrganizerFormDialog';
import OrganizerItem from './OrganizerItem';

/** /g/{groupSlug}/recipes/{categories|tags|tools}: every organizer of the group, by letter, with a filter. */
export default function OrganizersPage({ kind }: { kind: OrganizerKind }) {
  const { t, i18n } = useTranslation();
  const { groupSlug = '' } = useParams();
  const { user } = useCurrentUser();
  const canOrganize = Boolean(user?.canOrganize);
  const info = kindInfo(kind, t);
  const organizers = useOrganizers(kind);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<{ organizer: AnyOrganizer | null } | null>(null);
  const [deleting, setDeleting] = useState<AnyOrganizer | null>(null);

  const groups = useMemo(
    () => groupByLetter(filterByName(organizers.data ?? [], filter), i18n.language),
    [organizers.data, filter, i18n.language],
  );

  return (
    <Page
      title={info.title}
      icon={info.icon({ fontSize: 'large' })}
      actions={
        canOrganize && (
          <Button startIcon={<AddIcon />} variant="contained" onClick={() => setEditing({ organizer: null })}>
            {t('general.create')}
          </Button>
        )
      }
    >
      <TextField
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        label={t('organize.filter')}
        type="search"
        sx={{ maxWidth: 420, marginBlockEnd: 2 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <FilterListIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {organizers.isPending && <ListSkeleton />}
      {organizers.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {organizers.data && groups.length === 0 && (
        <EmptyState icon={info.icon()} title={filter.trim() ? t('organize.no-matches') : t('organize.none-yet')} />
      )}
      {/* Letter sections flow into as many columns as fit. */}
      <Box sx={{ columnWidth: 300, columnGap: 2 }}>
        {groups.map((group) => (
          <Paper
            component="section"
            variant="outlined"
            key={group.letter}
            aria-labelledby={`letter-${group.letter}`}
            sx={{ breakInside: 'avoid', marginBlockEnd: 2, display: 'inline-block', width: '100%' }}
          >
            <Typography
              id={`letter-${group.letter}`}
              variant="subtitle1"
              component="h2"
              sx={{ color: 'primary.main', fontWeight: 700, paddingInline: 2, paddingBlockStart: 1 }}
            >
              {group.letter}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.items.map((organizer) => (
                <OrganizerItem
                  key={organizer.id}
                  kind={kind}
                  organizer={organizer}
                  groupSlug={groupSlug}
                  canOrganize={canOrganize}
                  onEdit={() => setEditing({ organizer })}
                  onDelete={() => setDeleting(organizer)}
                />
              ))}
            </Box>
          </Paper>
        ))}
      </Box>

      <OrganizerFormDialog kind={kind} open={editing !== null} organizer={editing?.organizer ?? null} onClose={() => setEditing(null)} />
      <DeleteOrganizerDialog kind={kind} organizer={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
