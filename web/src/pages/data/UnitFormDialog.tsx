import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { useUnitMutations, type UnitOut } from '../../api/hooks/data';
import FormDialog from '../../components/FormDialog';
import FormSwitch from '../../components/form/FormSwitch';
import FormTextField from '../../components/form/FormTextField';
import { validators } from '../../lib/validation';
import { orNull } from './text';

interface UnitForm {
  name: string;
  pluralName: string;
  abbreviation: string;
  pluralAbbreviation: string;
  useAbbreviation: boolean;
  fraction: boolean;
  description: string;
}

/** Create or edit a unit: names, abbreviations, whether to show the abbreviation and fractions. */
export default function UnitFormDialog({ open, unit, onClose }: { open: boolean; unit: UnitOut | null; onClose: () => void }) {
  const { t } = useTranslation();
  const v = validators(t);
  const { save } = useUnitMutations();
  const { control, handleSubmit, reset } = useForm<UnitForm>();

  useEffect(() => {
    if (open)
      reset({
        name: unit?.name ?? '',
        pluralName: unit?.pluralName ?? '',
        abbreviation: unit?.abbreviation ?? '',
        pluralAbbreviation: unit?.pluralAbbreviation ?? '',
        useAbbreviation: unit?.useAbbreviation ?? false,
        fraction: unit?.fraction ?? true,
        description: unit?.description ?? '',
      });
  }, [open, unit, reset]);

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      {
        id: unit?.id,
        body: {
          name: values.name.trim(),
          pluralName: orNull(values.pluralName),
          abbreviation: values.abbreviation.trim(),
          pluralAbbreviation: orNull(values.pluralAbbreviation),
          useAbbreviation: values.useAbbreviation,
          fraction: values.fraction,
          description: values.description.trim(),
        },
      },
      { onSuccess: onClose },
    ),
  );

  const short = { validate: { max: v.maxLength(50) } };
  return (
    <FormDialog
      open={open}
      title={unit ? t('organize.data.edit-unit') : t('organize.data.create-unit')}
      submitLabel={unit ? t('general.save') : t('general.create')}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormTextField control={control} name="name" label={t('general.name')} autoFocus rules={{ validate: { required: v.required, max: v.maxLength(200) } }} />
      <FormTextField control={control} name="pluralName" label={t('organize.data.plural-name')} rules={{ validate: { max: v.maxLength(200) } }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, columnGap: 2 }}>
        <FormTextField control={control} name="abbreviation" label={t('organize.data.abbreviation')} rules={short} />
        <FormTextField control={control} name="pluralAbbreviation" label={t('organize.data.plural-abbreviation')} rules={short} />
      </Box>
      <FormSwitch control={control} name="useAbbreviation" label={t('organize.data.use-abbreviation')} />
      <FormSwitch control={control} name="fraction" label={t('organize.data.display-as-fraction')} />
      <FormTextField control={control} name="description" label={t('organize.data.description')} multiline minRows={2} rules={{ validate: { max: v.maxLength(2000) } }} />
    </FormDialog>
  );
}
