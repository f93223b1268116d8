import { useTranslation } from 'react-i18next';
import { useOrganizerMutations, type AnyOrganizer, type OrganizerKind } from '../../api/hooks/organizers';
import ConfirmDialog from '../../components/ConfirmDialog';
import { kindInfo } from './kinds';

/** Delete confirmation of an organizer; recipes keep existing, they just lose it. */
export default function DeleteOrganizerDialog({
  kind,
  organizer,
  onClose,
  onDeleted,
}: {
  kind: OrganizerKind;
  organizer: AnyOrganizer | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const { remove } = useOrganizerMutations();
  const info = kindInfo(kind, t);
  return (
    <ConfirmDialog
      open={organizer !== null}
      title={info.remove}
      confirmLabel={t('general.delete')}
      loading={remove.isPending}
      onClose={onClose}
      onConfirm={() =>
        organizer &&
        remove.mutate(
          { kind, id: organizer.id },
          {
            onSuccess: () => onDeleted?.(),
            onSettled: onClose,
          },
        )
      }
    >
      {t('general.confirm-delete-named', { name: organizer?.name ?? '' })} {t('organize.delete-keeps-recipes')}
    </ConfirmDialog>
  );
}
