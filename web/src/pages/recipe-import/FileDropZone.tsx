import { useRef, useState, type DragEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface PickButton {
  label: string;
  icon: ReactNode;
  /** `capture` opens the camera on phones. */
  capture?: boolean;
  multiple?: boolean;
  testId?: string;
}

interface FileDropZoneProps {
  accept: string;
  hint: string;
  buttons: PickButton[];
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}

/** Does a dropped file fit an accept list like ".zip,application/zip" or "image/*"? */
function accepts(accept: string, file: File): boolean {
  return accept.split(',').some((raw) => {
    const rule = raw.trim().toLowerCase();
    if (!rule) return false;
    if (rule.startsWith('.')) return file.name.toLowerCase().endsWith(rule);
    if (rule.endsWith('/*')) return file.type.toLowerCase().startsWith(rule.slice(0, -1));
    return file.type.toLowerCase() === rule;
  });
}

/** A drop area with buttons that open the file picker (or the camera): keyboard and touch friendly. */
export default function FileDropZone({ accept, hint, buttons, onFiles, disabled }: FileDropZoneProps) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [over, setOver] = useState(false);

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = [...e.dataTransfer.files].filter((f) => accepts(accept, f));
    if (files.length > 0) onFiles(files);
  };

  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        paddingBlock: 3,
        paddingInline: 2,
        textAlign: 'center',
      }}
    >
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'center', flexWrap: 'wrap' }}>
        {buttons.map((button, i) => (
          <Box key={button.label}>
            <Button variant={i === 0 ? 'contained' : 'outlined'} startIcon={button.icon} disabled={disabled} onClick={() => inputs.current[i]?.click()}>
              {button.label}
            </Button>
            <input
              ref={(el) => {
                inputs.current[i] = el;
              }}
              type="file"
              hidden
              accept={accept}
              multiple={button.multiple}
              capture={button.capture ? 'environment' : undefined}
              data-testid={button.testId}
              onChange={(e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = '';
                if (files.length > 0) onFiles(files);
              }}
            />
          </Box>
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: 1.5 }}>
        {hint}
      </Typography>
    </Box>
  );
}
