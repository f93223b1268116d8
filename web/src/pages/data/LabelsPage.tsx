import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import SpaIcon from '@mui/icons-material/Spa';
import { useLabelMutations, useLabels, type LabelOut } from '../../api/hooks/data';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import DataTable, { type Column } from './DataTable';
import DataToolbar from './DataToolbar';
import LabelChip from './LabelChip';
import LabelFormDialog from './LabelFormDialog';
import SeedDialog from './SeedDialog';
import { useDataPage } from './useDataPage';

/** /g/{groupSlug}/data/labels: the group's labels (GET/POST/PUT/DELETE /api/groups/labels, seeding). */
export default function LabelsPage() {
  const { t } = useTranslation();
  const ui = useDataPage<LabelOut>();
  const labels = useLabels(ui.debouncedSearch);
  const m = useLabelMutations();

  const columns: Column<LabelOut>[] = [
    { key: 'name', header: t('general.name'), cell: (l) => <LabelChip name={l.name} color={l.color} /> },
    { key: 'color', header: t('organize.data.color'), cell: (l) => <span dir="ltr">{l.color}</span>, from: 'sm' },
  ];

  return (
    <Page title={t('organize.data.labels')} icon={<LocalOfferIcon fontSize="large" />}>
      <DataToolbar search={ui.search} onSearch={ui.setSearch}>
        <Button startIcon={<SpaIcon />} onClick={() => ui.setSeeding(true)}>
          {t('organize.data.seed')}
        </Button>
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => ui.setEditing({ item: null })}>
          {t('general.create')}
        </Button>
      </DataToolbar>
      {labels.isPending && <PageLoader />}
      {labels.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {labels.data && (
        <DataTable
          label={t('organize.data.labels')}
          rows={labels.data}
          columns={columns}
          empty={ui.debouncedSearch ? t('organize.no-matches') : t('organize.data.no-labels')}
          onEdit={(item) => ui.setEditing({ item })}
          onDelete={ui.setDeleting}
        />
      )}

      <LabelFormDialog open={ui.editing !== null} label={ui.editing?.item ?? null} onClose={() => ui.setEditing(null)} />
      <ConfirmDialog
        open={ui.deleting !== null}
        title={t('organize.data.delete-label')}
        confirmLabel={t('general.delete')}
        loading={m.remove.isPending}
        onClose={() => ui.setDeleting(null)}
        onConfirm={() => ui.deleting && m.remove.mutate(ui.deleting.id, { onSettled: () => ui.setDeleting(null) })}
      >
        {t('general.confirm-delete-named', { name: ui.deleting?.name ?? '' })} {t('organize.data.delete-label-hint')}
      </ConfirmDialog>
      <SeedDialog kind="labels" open={ui.seeding} onClose={() => ui.setSeeding(false)} />
    </Page>
  );
}
