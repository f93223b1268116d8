import Chip from '@mui/material/Chip';
import { safeColor, textOn } from './text';

/** A label in its own colour. */
export default function LabelChip({ name, color }: { name: string; color: string }) {
  const bg = safeColor(color);
  return <Chip size="small" label={name} sx={{ bgcolor: bg, color: textOn(bg), maxWidth: '100%' }} />;
}
