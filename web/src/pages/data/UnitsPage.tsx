import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import CheckIcon from '@mui/icons-material/Check';
import ScaleIcon from '@mui/icons-material/Scale';
import SpaIcon from '@mui/icons-material/Spa';
import { useUnitMutations, useUnits, type UnitOut } from '../../api/hooks/data';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import DataTable, { type Column } from './DataTable';
import DataToolbar from './DataToolbar';
import MergeDialog from './MergeDialog';
import SeedDialog from './SeedDialog';
import UnitFormDialog from './UnitFormDialog';
import { useDataPage } from './useDataPage';

/** /g/{groupSlug}/data/units: the group's units (GET/POST/PUT/DELETE /api/units, PUT /api/units/merge, seeding). */
export default function UnitsPage() {
  const { t } = useTranslation();
  const ui = useDataPage<UnitOut>();
  const units = useUnits(ui.debouncedSearch);
  const allUnits = useUnits('');
  const m = useUnitMutations();
  const yes = (on: boolean) => (on ? <CheckIcon color="success" titleAccess={t('general.yes')} /> : null);

  const columns: Column<UnitOut>[] = [
    { key: 'name', header: t('general.name'), cell: (u) => u.name },
    { key: 'plural', header: t('organize.data.plural-name'), cell: (u) => u.pluralName, from: 'md' },
    { key: 'abbreviation', header: t('organize.data.abbreviation'), cell: (u) => u.abbreviation, from: 'sm' },
    { key: 'useAbbreviation', header: t('organize.data.use-abbreviation'), cell: (u) => yes(u.useAbbreviation), from: 'md', align: 'center' },
    { key: 'fraction', header: t('organize.data.fraction'), cell: (u) => yes(u.fraction), from: 'md', align: 'center' },
  ];

  return (
    <Page title={t('organize.data.units')} icon={<ScaleIcon fontSize="large" />}>
      <DataToolbar search={ui.search} onSearch={ui.setSearch}>
        <Button startIcon={<SpaIcon />} onClick={() => ui.setSeeding(true)}>
          {t('organize.data.seed')}
        </Button>
        <Button startIcon={<CallMergeIcon />} onClick={() => ui.setMerging({ from: null })}>
          {t('organize.data.merge')}
        </Button>
        <Button startIcon={<AddIcon />} variant="contained" onClick={() => ui.setEditing({ item: null })}>
          {t('general.create')}
        </Button>
      </DataToolbar>
      {units.isPending && <PageLoader />}
      {units.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {units.data && (
        <DataTable
          label={t('organize.data.units')}
          rows={units.data}
          columns={columns}
          empty={ui.debouncedSearch ? t('organize.no-matches') : t('organize.data.no-units')}
          onEdit={(item) => ui.setEditing({ item })}
          onDelete={ui.setDeleting}
        />
      )}

      <UnitFormDialog open={ui.editing !== null} unit={ui.editing?.item ?? null} onClose={() => ui.setEditing(null)} />
      <ConfirmDialog
        open={ui.deleting !== null}
        title={t('organize.data.delete-unit')}
        confirmLabel={t('general.delete')}
        loading={m.remove.isPending}
        onClose={() => ui.setDeleting(null)}
        onConfirm={() => ui.deleting && m.remove.mutate(ui.deleting.id, { onSettled: () => ui.setDeleting(null) })}
      >
        {t('general.confirm-delete-named', { name: ui.deleting?.name ?? '' })}
      </ConfirmDialog>
      <MergeDialog
        open={ui.merging !== null}
        title={t('organize.data.merge-units')}
        explanation={(from, to) => t('organize.data.merge-units-explanation', { from, to })}
        items={allUnits.data ?? []}
        initialFrom={ui.merging?.from}
        saving={m.merge.isPending}
        onClose={() => ui.setMerging(null)}
        onMerge={(from, to) => m.merge.mutate({ from: from.id, to: to.id }, { onSuccess: () => ui.setMerging(null) })}
      />
      <SeedDialog kind="units" open={ui.seeding} onClose={() => ui.setSeeding(false)} />
    </Page>
  );
}
