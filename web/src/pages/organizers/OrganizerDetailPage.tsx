import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useCurrentUser } from '../../api/hooks/auth';
import { useOrganizerBySlug, useOrganizerMutations, type OrganizerKind } from '../../api/hooks/organizers';
import { isNotFound } from '../../api/hooks/search';
import Page from '../../components/Page';
import PageSkeleton from '../../components/PageSkeleton';
import RecipeBrowser from '../../components/recipe/RecipeBrowser';
import { flipInRtl } from '../../lib/rtl';
import ErrorView from '../error/ErrorView';
import DeleteOrganizerDialog from './DeleteOrganizerDialog';
import { kindInfo, organizerPath } from './kinds';
import OrganizerFormDialog from './OrganizerFormDialog';

/** /g/{groupSlug}/recipes/{kind}/{slug}: one organizer and its recipes. */
export default function OrganizerDetailPage({ kind }: { kind: OrganizerKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { groupSlug = '', slug = '' } = useParams();
  const { user } = useCurrentUser();
  const canOrganize = Boolean(user?.canOrganize);
  const info = kindInfo(kind, t);
  const organizer = useOrganizerBySlug(kind, slug);
  const { save } = useOrganizerMutations();
  // Its recipes, 30 at a time and newest first (GET /api/recipes?{kind}={slug}).
  const filters = useMemo(() => ({ [kind]: [slug] }), [kind, slug]);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);

  if (organizer.isPending) return <PageSkeleton kind="cards" />;
  if (organizer.isError) return <ErrorView notFound={isNotFound(organizer.error)} />;
  const current = organizer.data;

  return (
    <Page
      title={current.name}
      subtitle={info.one}
      icon={info.icon({ fontSize: 'large' })}
      actions={
        <>
          <Button href={organizerPath(groupSlug, kind)} startIcon={<ArrowBackIcon sx={flipInRtl} />}>
            {info.title}
          </Button>
          {canOrganize && (
            <>
              <Button startIcon={<EditIcon />} variant="outlined" onClick={() => setEditing(true)}>
                {t('general.edit')}
              </Button>
              <Button startIcon={<DeleteIcon />} variant="outlined" color="error" onClick={() => setDeleting(true)}>
                {t('general.delete')}
              </Button>
            </>
          )}
        </>
      }
    >
      {kind === 'tools' && canOrganize && (
        <FormControlLabel
          sx={{ marginBlockEnd: 2 }}
          control={
            <Switch
              checked={Boolean(current.onHand)}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ kind, id: current.id, name: current.name, onHand: e.target.checked })}
            />
          }
          label={t('organize.on-hand')}
        />
      )}
      <RecipeBrowser filters={filters} groupSlug={groupSlug} />

      <OrganizerFormDialog
        kind={kind}
        open={editing}
        organizer={current}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          if (saved.slug !== slug) navigate(organizerPath(groupSlug, kind, saved.slug), { replace: true });
        }}
      />
      <DeleteOrganizerDialog
        kind={kind}
        organizer={deleting ? current : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(organizerPath(groupSlug, kind))}
      />
    </Page>
  );
}
