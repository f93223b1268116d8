import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BookmarkAddIcon from '@mui/icons-material/BookmarkAdd';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { copyText } from '../../lib/clipboard';
import { toast } from '../../components/toast/toastStore';

/** The bookmarklet: opens /share with the page being read, which tests its import (after sign-in if need be). */
export function bookmarklet(origin: string): string {
  return `javascript:(()=>{location.href=${JSON.stringify(`${origin}/share?url=`)}+encodeURIComponent(location.href)})()`;
}

/**
 * For browsers without "Share to Hearth" (iOS Safari, desktop browsers): an "Add to Hearth" bookmarklet to drag
 * to the bookmarks bar (or copy, on a phone), and how to make a Share Sheet shortcut in Apple's Shortcuts app.
 */
export default function AddToHearth() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const code = bookmarklet(origin);
  const copy = async () => {
    const result = await copyText(code);
    if (result === 'ok') toast.success(t('general.copied-to-clipboard'));
    else toast.error(result === 'unsupported' ? t('general.clipboard-not-supported') : t('general.clipboard-copy-failure'));
  };
  return (
    <Paper sx={{ padding: { xs: 2, sm: 3 }, marginBlockStart: 2 }} component="section" aria-labelledby="add-to-hearth-title">
      <Typography id="add-to-hearth-title" variant="h6" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe-import.bookmarklet.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', marginBlockEnd: 1.5 }}>{t('recipe-import.bookmarklet.description')}</Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {/* React refuses javascript: addresses in href, so the bookmarklet's address is set on the element itself. */}
        <Button
          component="a"
          variant="outlined"
          startIcon={<BookmarkAddIcon />}
          ref={(el: HTMLAnchorElement | null) => el?.setAttribute('href', code)}
          onClick={(e: React.MouseEvent) => e.preventDefault()}
          data-testid="bookmarklet"
        >
          {t('recipe-import.bookmarklet.link')}
        </Button>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('recipe-import.bookmarklet.copy')}
        </Button>
      </Stack>
      <Typography variant="subtitle2" component="h3" sx={{ marginBlockStart: 2 }}>
        {t('recipe-import.bookmarklet.ios-title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('recipe-import.bookmarklet.ios')}{' '}
        <Box component="code" dir="ltr" sx={{ wordBreak: 'break-all' }}>{`${origin}/share?url=`}</Box>
      </Typography>
    </Paper>
  );
}
