import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import ScaleIcon from '@mui/icons-material/Scale';
import { useUnitMutations, useUnits, type UnitOut } from '../../api/hooks/data';
import { type Column } from './DataTable';
import MergeableDataPage from './MergeableDataPage';
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
    <MergeableDataPage
      kind="units"
      icon={<ScaleIcon fontSize="large" />}
      ui={ui}
      list={units}
      mergeCandidates={allUnits.data ?? []}
      removing={m.remove.isPending}
      remove={(id, done) => m.remove.mutate(id, { onSettled: done })}
      merging={m.merge.isPending}
      merge={(from, to, done) => m.merge.mutate({ from, to }, { onSuccess: done })}
      columns={columns}
      form={<UnitFormDialog open={ui.editing !== null} unit={ui.editing?.item ?? null} onClose={() => ui.setEditing(null)} />}
    />
  );
}
