import { useState } from 'react';
import { useController, type Control, type FieldValues, type Path, type RegisterOptions } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type FormTextFieldProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & {
  name: Path<T>;
  control: Control<T>;
  rules?: Omit<RegisterOptions<T, Path<T>>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
  /** An error from outside the form rules (e.g. a server uniqueness check). */
  externalError?: string | null;
};

/** A MUI TextField bound to react-hook-form; password fields get a show/hide button. */
export default function FormTextField<T extends FieldValues>(props: FormTextFieldProps<T>) {
  const { name, control, rules, externalError, helperText, type, slotProps, ...rest } = props;
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name, control, rules });
  const [shown, setShown] = useState(false);
  const isPassword = type === 'password';
  const message = fieldState.error?.message || externalError || undefined;
  return (
    <TextField
      {...rest}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type={isPassword && shown ? 'text' : type}
      error={Boolean(message)}
      helperText={message ?? helperText}
      slotProps={{
        ...slotProps,
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={shown ? t('user.hide-password') : t('user.show-password')}
                    onClick={() => setShown((s) => !s)}
                    edge="end"
                  >
                    {shown ? <VisibilityOff /> : <Visibility />}
                  </IconButton>
                </InputAdornment>
              ),
            }
          : slotProps?.input,
      }}
    />
  );
}
