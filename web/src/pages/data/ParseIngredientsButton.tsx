import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { useParseRecipes, useUnparsedRecipes } from '../../api/hooks/cooking';

const SHOWN = 8;

/**
 * "Parse ingredients": existing recipes whose ingredients are plain text get amount, unit and food as an
 * import would (new foods are created), so they scale and fill the finder's foods.
 */
export default function ParseIngredientsButton() {
  const { t } = useTranslation();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(0);
  const unparsed = useUnparsedRecipes(open);
  const parse = useParseRecipes(setDone);
  const items = unparsed.data?.items ?? [];
  const lines = items.reduce((sum, item) => sum + item.lines, 0);
  const close = () => {
    if (parse.isPending) return;
    setOpen(false);
    parse.reset();
    setDone(0);
  };

  return (
    <>
      <Button startIcon={<AutoFixHighIcon />} onClick={() => setOpen(true)} sx={{ minHeight: 44 }}>
        {t('recipe-ui.bulk-parse.button')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('recipe-ui.bulk-parse.title')}</DialogTitle>
        <DialogContent>
          {unparsed.isPending && <Skeleton variant="rounded" height={80} />}
          {unparsed.isError && <Alert severity="error">{t('recipe-ui.bulk-parse.failed')}</Alert>}
          {parse.isSuccess ? (
            <Alert severity="success" data-testid="bulk-parse-result">
              {t('recipe-ui.bulk-parse.done', { count: parse.data.recipes, lines: parse.data.ingredients })}
            </Alert>
          ) : (
            unparsed.data && (
              <>
                <DialogContentText>
                  {items.length === 0 ? t('recipe-ui.bulk-parse.none') : t('recipe-ui.bulk-parse.found', { count: items.length, lines })}
                </DialogContentText>
                {items.length > 0 && (
                  <List dense aria-label={t('recipe-ui.bulk-parse.recipes')}>
                    {items.slice(0, SHOWN).map((item) => (
                      <ListItem key={item.id} disableGutters>
                        <ListItemText primary={<bdi>{item.name}</bdi>} secondary={t('recipe-ui.bulk-parse.lines', { count: item.lines })} />
                      </ListItem>
                    ))}
                    {items.length > SHOWN && (
                      <ListItem disableGutters>
                        <ListItemText secondary={t('recipe-ui.bulk-parse.more', { count: items.length - SHOWN })} />
                      </ListItem>
                    )}
                  </List>
                )}
                <DialogContentText variant="body2">{t('recipe-ui.bulk-parse.explain')}</DialogContentText>
              </>
            )
          )}
          {parse.isPending && <LinearProgress variant="determinate" value={items.length ? (100 * done) / items.length : 0} sx={{ marginBlockStart: 2 }} aria-label={t('recipe-ui.bulk-parse.progress')} />}
          {parse.isError && <Alert severity="error">{t('recipe-ui.bulk-parse.failed')}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={parse.isPending} sx={{ minHeight: 44 }}>
            {parse.isSuccess ? t('general.close') : t('general.cancel')}
          </Button>
          {!parse.isSuccess && (
            <Button
              variant="contained"
              sx={{ minHeight: 44 }}
              loading={parse.isPending}
              disabled={items.length === 0}
              onClick={() => parse.mutate(items.map((item) => item.id))}
            >
              {t('recipe-ui.bulk-parse.submit')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
