import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';

/** A labelled switch bound to a boolean react-hook-form field. */
export default function FormSwitch<T extends FieldValues>({
  name,
  control,
  label,
  disabled,
}: {
  name: Path<T>;
  control: Control<T>;
  label: string;
  disabled?: boolean;
}) {
  const { field } = useController({ name, control });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={Boolean(field.value)}
          onChange={(e) => field.onChange(e.target.checked)}
          onBlur={field.onBlur}
          name={field.name}
          disabled={disabled}
        />
      }
      label={label}
    />
  );
}
