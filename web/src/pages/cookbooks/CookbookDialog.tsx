import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { CookbookOut } from '../../../../contract/cookbooks';
import { useFilterPreviewCount, useSaveCookbook } from '../../api/hooks/households';
import { useDebouncedValue } from '../../lib/useDebouncedValue';
import { toast } from '../../components/toast/toastStore';
import FilterRowsEditor from './FilterRowsEditor';
import { filterToRows, rowsToFilter, type FilterRow } from './queryFilter';

interface CookbookDialogProps {
  open: boolean;
  /** The cookbook to edit; a new one when absent. */
  cookbook?: CookbookOut | null;
  /** Position of a new cookbook (after the last one). */
  nextPosition: number;
  onClose: () => void;
}

/** Create or edit a cookbook: name, description, public, and the filter with a live count of what it selects. */
export default function CookbookDialog({ open, cookbook, nextPosition, onClose }: CookbookDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const save = useSaveCookbook();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [rows, setRows] = useState<FilterRow[]>([]);
  const [text, setText] = useState('');
  const [asText, setAsText] = useState(false);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (!open) return;
    const filter = cookbook?.queryFilterString ?? '';
    const parsed = filterToRows(filter);
    setName(cookbook?.name ?? '');
    setDescription(cookbook?.description ?? '');
    setPublic(cookbook?.public ?? false);
    setRows(parsed ?? []);
    setText(filter);
    setAsText(parsed === null);
    setTouched(false);
  }, [open, cookbook]);

  const filter = asText ? text.trim() : rowsToFilter(rows);
  const debounced = useDebouncedValue(filter, 400);
  const preview = useFilterPreviewCount(debounced);
  const nameError = touched && !name.trim() ? t('cookbook.name-required') : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!name.trim()) return;
    try {
      await save.mutateAsync({
        id: cookbook?.id,
        body: { name: name.trim(), description, public: isPublic, queryFilterString: filter, position: cookbook?.position ?? nextPosition },
      });
      toast.success(cookbook ? t('cookbook.saved') : t('cookbook.created'));
      onClose();
    } catch {
      // the client already showed the server's message
    }
  };

  const switchMode = () => {
    if (asText) {
      const parsed = filterToRows(text);
      if (parsed === null) {
        toast.warning(t('cookbook.filter-not-simple'));
        return;
      }
      setRows(parsed);
    } else {
      setText(rowsToFilter(rows));
    }
    setAsText(!asText);
  };

  return (
    <Dialog open={open} onClose={() => !save.isPending && onClose()} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={phone}>
      <Box component="form" onSubmit={submit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{cookbook ? t('cookbook.edit-cookbook') : t('cookbook.create-cookbook')}</DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
            <TextField
              label={t('cookbook.name')}
              value={name}
              required
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setTouched(true)}
              error={Boolean(nameError)}
              helperText={nameError || ' '}
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
            <TextField label={t('cookbook.description')} value={description} onChange={(e) => setDescription(e.target.value)} multiline minRows={2} />
            <FormControlLabel
              control={<Switch checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />}
              label={t('cookbook.public-cookbook')}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary', marginBlockStart: -1.5 }}>
              {t('cookbook.public-cookbook-description')}
            </Typography>
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
              <Typography variant="subtitle1" component="h3">
                {t('cookbook.filter')}
              </Typography>
              <Button onClick={switchMode} color="inherit" sx={{ minHeight: 44 }}>
                {asText ? t('cookbook.edit-as-rows') : t('cookbook.edit-as-text')}
              </Button>
            </Stack>
            {asText ? (
              <TextField
                label={t('cookbook.query-filter')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                multiline
                minRows={2}
                slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
              />
            ) : (
              <FilterRowsEditor rows={rows} onChange={setRows} />
            )}
            <Box aria-live="polite">
              {preview.data?.error ? (
                <Alert severity="warning">{preview.data.error}</Alert>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {preview.data?.count === undefined || preview.data.count === null
                    ? t('cookbook.counting')
                    : t('cookbook.preview-count', { count: preview.data.count })}
                </Typography>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={save.isPending} color="inherit" sx={{ minHeight: 44 }}>
            {t('general.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending} sx={{ minHeight: 44 }}>
            {cookbook ? t('general.save') : t('general.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
