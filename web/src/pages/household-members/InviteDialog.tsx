import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useCreateInvitation, useEmailInvitation } from '../../api/hooks/households';
import { toast } from '../../components/toast/toastStore';
import { copyText } from '../../lib/clipboard';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Invite someone into the household: make a link that works a number of times, copy it or e-mail it. */
export default function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateInvitation();
  const send = useEmailInvitation();
  const [uses, setUses] = useState('1');
  const [token, setToken] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<{ ok: boolean; message: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setUses('1');
    setToken(null);
    setEmail('');
    setSent(null);
  }, [open]);

  const usesNumber = Number(uses);
  const usesValid = Number.isInteger(usesNumber) && usesNumber >= 1 && usesNumber <= 1000;
  const link = token ? `${window.location.origin}/register?token=${encodeURIComponent(token)}` : '';

  const generate = async () => {
    if (!usesValid) return;
    try {
      setToken((await create.mutateAsync(usesNumber)).token);
    } catch {
      // the client showed the server's message
    }
  };
  const copy = async () => {
    const result = await copyText(link);
    if (result === 'ok') toast.success(t('household.invite-link-copied'));
    else toast.error(t('household.invite-copy-failed'));
  };
  const sendEmail = async () => {
    if (!token || !EMAIL.test(email.trim())) return;
    try {
      const result = await send.mutateAsync({ email: email.trim(), token });
      setSent(result.success ? { ok: true, message: t('household.invite-sent', { email: email.trim() }) } : { ok: false, message: result.error ?? t('household.invite-not-sent') });
    } catch {
      setSent({ ok: false, message: t('household.invite-not-sent') });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('household.invite-member')}</DialogTitle>
      <DialogContent>
        <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('household.invite-description')}
          </Typography>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              label={t('household.invite-uses')}
              type="number"
              value={uses}
              onChange={(e) => setUses(e.target.value)}
              error={!usesValid}
              helperText={usesValid ? ' ' : t('household.invite-uses-range')}
              slotProps={{ htmlInput: { min: 1, max: 1000, inputMode: 'numeric' } }}
              sx={{ width: 160 }}
            />
            <Button variant="contained" onClick={generate} loading={create.isPending} disabled={!usesValid} sx={{ minHeight: 44, marginBlockStart: 0.5 }}>
              {t('household.generate-invite-link')}
            </Button>
          </Stack>
          {token && (
            <>
              <TextField
                label={t('household.invite-link')}
                value={link}
                slotProps={{
                  htmlInput: { readOnly: true, dir: 'ltr', 'data-testid': 'invite-link' },
                  input: {
                    endAdornment: (
                      <InputAdornment position="end">
                        <IconButton aria-label={t('household.copy-invite-link')} onClick={copy} sx={{ width: 44, height: 44 }}>
                          <ContentCopyIcon />
                        </IconButton>
                      </InputAdornment>
                    ),
                  },
                }}
              />
              <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  label={t('household.invite-email')}
                  type="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={email.trim() !== '' && !EMAIL.test(email.trim())}
                  sx={{ flex: '1 1 220px' }}
                />
                <Button onClick={sendEmail} loading={send.isPending} disabled={!EMAIL.test(email.trim())} variant="outlined" sx={{ minHeight: 44, marginBlockStart: 0.5 }}>
                  {t('household.send-invite')}
                </Button>
              </Stack>
              {sent && <Alert severity={sent.ok ? 'success' : 'error'}>{sent.message}</Alert>}
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 44 }}>
          {t('general.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
