import { useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import type { CookbookOut } from '../../../../contract/cookbooks';
import { useAllGroupHouseholds, useCookbooks, useDeleteCookbook, useReorderCookbooks } from '../../api/hooks/households';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import { toast } from '../../components/toast/toastStore';
import { useCookbookPrefs } from '../../lib/householdPrefs';
import { useRecipeViewer } from '../../components/recipe/useRecipeViewer';
import CookbookCard from './CookbookCard';
import CookbookDialog from './CookbookDialog';

/**
 * /g/{groupSlug}/cookbooks: the household's cookbooks in position order (drag, or move up/down, to reorder;
 * saved at once with PUT on the base path), then other households' unless the viewer hides them. Visitors
 * from outside the group see the group's public cookbooks only.
 */
export default function CookbooksPage() {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const viewer = useRecipeViewer(groupSlug);
  const own = viewer.own;
  const cookbooks = useCookbooks(groupSlug, own);
  const households = useAllGroupHouseholds(own);
  const reorder = useReorderCookbooks();
  const remove = useDeleteCookbook();
  const [prefs, setPrefs] = useCookbookPrefs();
  const [editing, setEditing] = useState<CookbookOut | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<CookbookOut | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const householdId = viewer.user?.householdId ?? null;
  const all = useMemo(() => [...(cookbooks.data ?? [])].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)), [cookbooks.data]);
  const mine = own ? all.filter((c) => c.householdId === householdId) : [];
  const others = own ? all.filter((c) => c.householdId !== householdId) : all;
  const householdNames = new Map((households.data ?? []).map((h) => [h.id, h.name]));
  const base = `/g/${encodeURIComponent(groupSlug)}/cookbooks`;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= mine.length || from === to) return;
    reorder.mutate(arrayMove(mine, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(mine.findIndex((c) => c.id === active.id), mine.findIndex((c) => c.id === over.id));
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(t('cookbook.deleted'));
      setDeleting(null);
    } catch {
      // the client showed the server's message
    }
  };

  let body;
  if (cookbooks.isPending) {
    body = (
      <Stack sx={{ gap: 1 }} aria-busy="true" aria-label={t('general.loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={60} />
        ))}
      </Stack>
    );
  } else if (cookbooks.isError) {
    body = <Alert severity="error">{t('general.load-failed')}</Alert>;
  } else if (all.length === 0) {
    body = <EmptyState icon={<MenuBookIcon />} title={t('cookbook.no-cookbooks')} />;
  } else {
    body = (
      <Stack sx={{ gap: 3 }}>
        {mine.length > 0 && (
          <section aria-labelledby="own-cookbooks">
            <Typography id="own-cookbooks" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
              {t('cookbook.household-cookbooks')}
            </Typography>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={mine.map((c) => c.id)} strategy={verticalListSortingStrategy}>
                <Stack component="ol" sx={{ gap: 1, margin: 0, padding: 0 }}>
                  {mine.map((cookbook, index) => (
                    <CookbookCard
                      key={cookbook.id}
                      cookbook={cookbook}
                      href={`${base}/${encodeURIComponent(cookbook.slug)}`}
                      editable={{ index, count: mine.length, onMove: move, onEdit: () => setEditing(cookbook), onDelete: () => setDeleting(cookbook) }}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
          </section>
        )}
        {others.length > 0 && !(own && prefs.hideOtherHouseholds) && (
          <section aria-labelledby="other-cookbooks">
            {own && (
              <Typography id="other-cookbooks" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
                {t('cookbook.other-households')}
              </Typography>
            )}
            <Stack component="ul" sx={{ gap: 1, margin: 0, padding: 0 }} aria-label={own ? undefined : t('cookbook.cookbooks')}>
              {others.map((cookbook) => (
                <CookbookCard
                  key={cookbook.id}
                  cookbook={cookbook}
                  href={`${base}/${encodeURIComponent(cookbook.slug)}`}
                  householdName={own ? (householdNames.get(cookbook.householdId) ?? null) : null}
                />
              ))}
            </Stack>
          </section>
        )}
      </Stack>
    );
  }

  return (
    <Page
      title={t('cookbook.cookbooks')}
      icon={<MenuBookIcon fontSize="large" />}
      subtitle={own ? t('cookbook.cookbooks-description') : undefined}
      actions={
        own ? (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} sx={{ minHeight: 44 }}>
            {t('cookbook.create-cookbook')}
          </Button>
        ) : undefined
      }
    >
      {own && (
        <FormControlLabel
          sx={{ marginBlockEnd: 2, marginInlineStart: 0 }}
          control={<Switch checked={prefs.hideOtherHouseholds} onChange={(e) => setPrefs({ hideOtherHouseholds: e.target.checked })} />}
          label={t('cookbook.hide-other-households')}
        />
      )}
      {body}
      <CookbookDialog open={editing !== undefined} cookbook={editing} nextPosition={mine.length + 1} onClose={() => setEditing(undefined)} />
      <ConfirmDialog open={Boolean(deleting)} title={t('cookbook.delete-cookbook')} loading={remove.isPending} onConfirm={confirmDelete} onClose={() => setDeleting(null)}>
        {t('cookbook.delete-confirm', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
