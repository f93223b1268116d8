import { useTranslation } from 'react-i18next';
import CheckIcon from '@mui/icons-material/Check';
import EggIcon from '@mui/icons-material/Egg';
import { useFoodMutations, useFoods, type FoodOut } from '../../api/hooks/data';
import { type Column } from './DataTable';
import MergeableDataPage from './MergeableDataPage';
import FoodFormDialog from './FoodFormDialog';
import LabelChip from './LabelChip';
import ParseIngredientsButton from './ParseIngredientsButton';
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
    <MergeableDataPage
      kind="foods"
      icon={<EggIcon fontSize="large" />}
      ui={ui}
      list={foods}
      mergeCandidates={allFoods.data ?? []}
      removing={m.remove.isPending}
      remove={(id, done) => m.remove.mutate(id, { onSettled: done })}
      merging={m.merge.isPending}
      merge={(from, to, done) => m.merge.mutate({ from, to }, { onSuccess: done })}
      columns={columns}
      actions={<ParseIngredientsButton />}
      form={<FoodFormDialog open={ui.editing !== null} food={ui.editing?.item ?? null} onClose={() => ui.setEditing(null)} />}
    />
  );
}
