import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, validators } from '../../lib/validation';
import PasswordStrength from '../PasswordStrength';
import FormTextField from './FormTextField';

interface NewPasswordFieldsProps<T extends FieldValues> {
  control: Control<T>;
  passwordName: Path<T>;
  confirmName: Path<T>;
  label: string;
}

/** A new password with the 8-character hint and strength meter, then its confirmation (spec §5). */
export default function NewPasswordFields<T extends FieldValues>({ control, passwordName, confirmName, label }: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation();
  const v = validators(t);
  const password = useWatch({ control, name: passwordName }) as string | undefined;
  return (
    <>
      <FormTextField
        control={control}
        name={passwordName}
        type="password"
        label={label}
        autoComplete="new-password"
        helperText={t('user.password-hint', { n: PASSWORD_MIN_LENGTH })}
        rules={{ validate: { required: v.required, min: v.minLength(PASSWORD_MIN_LENGTH) } }}
      />
      <PasswordStrength password={password ?? ''} />
      <FormTextField
        control={control}
        name={confirmName}
        type="password"
        label={t('user.confirm-password')}
        autoComplete="new-password"
        rules={{
          validate: {
            required: v.required,
            match: (value, all) => value === (all as Record<string, unknown>)[passwordName] || t('user.password-must-match'),
          },
        }}
      />
    </>
  );
}
