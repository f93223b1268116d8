import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CheckIcon from '@mui/icons-material/Check';
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import EggIcon from '@mui/icons-material/Egg';
import SpaIcon from '@mui/icons-material/Spa';
import { useFoodMutations, useFoods, type FoodOut } from '../../api/hooks/data';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import DataTable, { type Column } from './DataTable';
import DataToolbar from './DataToolbar';
import FoodFormDialog from './FoodFormDialog';
import LabelChip from './LabelChip';
import MergeDialog from './MergeDialog';
import SeedDialog from './SeedDialog';
import { useDataPage } from './useDataPage';

/** /g/{groupSlug}/data/foods: the group's foods (GET/POST/PUT/DELETE /api/foods, PUT /api/foods/merge, seeding). */
export default function FoodsPage() {
  const { t } = useTranslation();
  const ui = useDataPage<FoodOut>();
  const foods = useFoods(ui.debouncedSearch);
  const allFoods = useFoods('', ui.merging !== null);
  const m = useFoodMutations();

  const columns: Column<FoodOut>[] = [
    { key: 'name', header: t('general.name'), cell: (f) => f.name },
    { key: 'plural', header: t('organize.data.plural-name'), cell: (f) => f.pluralName, from: 'md' },
    { key: 'label', header: t('organize.data.label'), cell: (f) => f.label && <LabelChip name={f.label.name} color={f.label.color} />, from: 'sm' },
    {
      key: 'onHand',
      header: t('organize.on-hand'),
      align: 'center',
      from: 'sm',
      cell: (f) => (f.onHand ? <CheckIcon color="success" titleAccess={t('general.yes')} /> : null),
    },
  ];

  return (
    <Page title={t('organize.data.foods')} icon={<EggIcon fontSize="large" />}>
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
      {foods.isPending && <PageLoader />}
      {foods.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {foods.data && (
        <DataTable
          label={t('organize.data.foods')}
          rows={foods.data}
          columns={columns}
          empty={ui.debouncedSearch ? t('organize.no-matches') : t('organize.data.no-foods')}
          onEdit={(item) => ui.setEditing({ item })}
          onDelete={ui.setDeleting}
        />
      )}

      <FoodFormDialog open={ui.editing !== null} food={ui.editing?.item ?? null} onClose={() => ui.setEditing(null)} />
      <ConfirmDialog
        open={ui.deleting !== null}
        title={t('organize.data.delete-food')}
        confirmLabel={t('general.delete')}
        loading={m.remove.isPending}
        onClose={() => ui.setDeleting(null)}
        onConfirm={() => ui.deleting && m.remove.mutate(ui.deleting.id, { onSettled: () => ui.setDeleting(null) })}
      >
        {t('general.confirm-delete-named', { name: ui.deleting?.name ?? '' })}
      </ConfirmDialog>
      <MergeDialog
        open={ui.merging !== null}
        title={t('organize.data.merge-foods')}
        explanation={(from, to) => t('organize.data.merge-foods-explanation', { from, to })}
        items={allFoods.data ?? []}
        initialFrom={ui.merging?.from}
        saving={m.merge.isPending}
        onClose={() => ui.setMerging(null)}
        onMerge={(from, to) => m.merge.mutate({ from: from.id, to: to.id }, { onSuccess: () => ui.setMerging(null) })}
      />
      <SeedDialog kind="foods" open={ui.seeding} onClose={() => ui.setSeeding(false)} />
    </Page>
  );
}
