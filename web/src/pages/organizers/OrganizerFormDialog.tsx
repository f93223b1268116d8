import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AnyOrganizer, OrganizerKind } from '../../api/hooks/organizers';
import { useOrganizerMutations } from '../../api/hooks/organizers';
import FormDialog from '../../components/FormDialog';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { validators } from '../../lib/validation';
import { kindInfo } from './kinds';

interface OrganizerForm {
  name: string;
  onHand: boolean;
}

/** Create or rename a category, tag or tool (tools also get the on-hand switch). */
export default function OrganizerFormDialog({
  kind,
  open,
  organizer,
  onClose,
  onSaved,
}: {
  kind: OrganizerKind;
  open: boolean;
  /** null creates a new one. */
  organizer: AnyOrganizer | null;
  onClose: () => void;
  onSaved?: (saved: AnyOrganizer) => void;
}) {
  const { t } = useTranslation();
  const v = validators(t);
  const info = kindInfo(kind, t);
  const { save } = useOrganizerMutations();
  const { control, handleSubmit, reset } = useForm<OrganizerForm>({ defaultValues: { name: '', onHand: false } });

  useEffect(() => {
    if (open) reset({ name: organizer?.name ?? '', onHand: organizer?.onHand ?? false });
  }, [open, organizer, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { kind, id: organizer?.id, name: values.name.trim(), onHand: kind === 'tools' ? values.onHand : undefined },
      {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      title={organizer ? info.edit : info.create}
      submitLabel={organizer ? t('general.save') : t('general.create')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormTextField
        control={control}
        name="name"
        label={t('general.name')}
        autoFocus
        rules={{ validate: { required: v.required, max: v.maxLength(200) } }}
      />
      {kind === 'tools' && <FormSwitch control={control} name="onHand" label={t('organize.on-hand')} />}
    </FormDialog>
  );
}
