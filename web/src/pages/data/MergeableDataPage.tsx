import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import CallMergeIcon from '@mui/icons-material/CallMerge';
import SpaIcon from '@mui/icons-material/Spa';
import ConfirmDialog from '../../components/ConfirmDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import DataTable, { type Column } from './DataTable';
import DataToolbar from './DataToolbar';
import MergeDialog from './MergeDialog';
import SeedDialog from './SeedDialog';
import type { useDataPage } from './useDataPage';

type Item = { id: string; name: string };

interface MergeableDataPageProps<T extends Item> {
  kind: 'foods' | 'units';
  icon: ReactNode;
  ui: ReturnType<typeof useDataPage<T>>;
  list: { isPending: boolean; isError: boolean; data?: T[] };
  /** Every item, for the merge dialog's pickers. */
  mergeCandidates: T[];
  removing: boolean;
  remove: (id: string, done: () => void) => void;
  merging: boolean;
  merge: (from: string, to: string, done: () => void) => void;
  columns: Column<T>[];
  /** The create/edit dialog, driven by ui.editing. */
  form: ReactNode;
  /** More buttons for the toolbar, before the shared ones. */
  actions?: ReactNode;
}

/** The page foods and units share: search, table, create/edit, delete, merge and seed. */
export default function MergeableDataPage<T extends Item>(props: MergeableDataPageProps<T>) {
  const { kind, icon, ui, list, columns } = props;
  const { t } = useTranslation();
  const one = kind === 'foods' ? 'food' : 'unit';
  return (
    <Page title={t(`organize.data.${kind}`)} icon={icon}>
      <DataToolbar search={ui.search} onSearch={ui.setSearch}>
        {props.actions}
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
      {list.isPending && <PageLoader />}
      {list.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {list.data && (
        <DataTable
          label={t(`organize.data.${kind}`)}
          rows={list.data}
          columns={columns}
          empty={ui.debouncedSearch ? t('organize.no-matches') : t(`organize.data.no-${kind}`)}
          onEdit={(item) => ui.setEditing({ item })}
          onDelete={ui.setDeleting}
        />
      )}

      {props.form}
      <ConfirmDialog
        open={ui.deleting !== null}
        title={t(`organize.data.delete-${one}`)}
        confirmLabel={t('general.delete')}
        loading={props.removing}
        onClose={() => ui.setDeleting(null)}
        onConfirm={() => ui.deleting && props.remove(ui.deleting.id, () => ui.setDeleting(null))}
      >
        {t('general.confirm-delete-named', { name: ui.deleting?.name ?? '' })}
      </ConfirmDialog>
      <MergeDialog
        open={ui.merging !== null}
        title={t(`organize.data.merge-${kind}`)}
        explanation={(from, to) => t(`organize.data.merge-${kind}-explanation`, { from, to })}
        items={props.mergeCandidates}
        initialFrom={ui.merging?.from}
        saving={props.merging}
        onClose={() => ui.setMerging(null)}
        onMerge={(from, to) => props.merge(from.id, to.id, () => ui.setMerging(null))}
      />
      <SeedDialog kind={kind} open={ui.seeding} onClose={() => ui.setSeeding(false)} />
    </Page>
  );
}
