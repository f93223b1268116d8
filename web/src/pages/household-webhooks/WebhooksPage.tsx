import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import WebhookIcon from '@mui/icons-material/Webhook';
import type { WebhookOut } from '../../../../contract/automation';
import { useDeleteWebhook, useSaveWebhook, useTestWebhook, useWebhooks } from '../../api/hooks/automation';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import FormDialog from '../../components/FormDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import { toast } from '../../components/toast/toastStore';
import { LastTest, UrlWarning } from '../../components/automation/LastTest';

const pad = (n: number) => String(n).padStart(2, '0');
/** The server keeps UTC "HH:MM:SS"; the user picks a time in their own zone (today's offset). */
export function utcToLocal(utc: string, today = new Date()): string {
  const [h, m] = utc.split(':').map(Number);
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), h, m));
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function localToUtc(local: string, today = new Date()): string {
  const [h, m] = local.split(':').map(Number);
  const d = new Date(today.getFullYear(), today.getMonth(), today.getDate(), h, m);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

function WebhookDialog({ webhook, onClose, onWarning }: { webhook: WebhookOut | null; onClose: () => void; onWarning: (warning: string | null) => void }) {
  const { t } = useTranslation();
  const save = useSaveWebhook();
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [time, setTime] = useState(webhook ? utcToLocal(webhook.scheduledTime) : '08:00');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [tried, setTried] = useState(false);
  const urlValid = /^https?:\/\/\S+$/.test(url.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || !urlValid || !time) return;
    save.mutate(
      { id: webhook?.id, body: { name, url: url.trim(), enabled, webhookType: 'mealplan', scheduledTime: localToUtc(time) } },
      {
        onSuccess: (saved) => {
          onWarning(saved.urlWarning ?? null);
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog open title={webhook ? t('automation.webhooks.edit') : t('automation.webhooks.create')} submitLabel={t('general.save')} saving={save.isPending} onClose={onClose} onSubmit={submit}>
      <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
        <TextField label={t('automation.name')} value={name} onChange={(e) => setName(e.target.value)} required error={tried && !name.trim()} helperText={tried && !name.trim() ? t('automation.required') : undefined} />
        <TextField
          label={t('automation.webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required
          error={tried && !urlValid}
          helperText={tried && !urlValid ? t('automation.valid-url') : undefined}
          slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'url', spellCheck: false } }}
        />
        <TextField
          label={t('automation.webhooks.time')}
          type="time"
          value={time}
          onChange={(e) => setTime(e.target.value)}
          required
          helperText={t('automation.webhooks.time-help', { utc: time ? localToUtc(time) : '' })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('automation.enabled')} />
      </Stack>
    </FormDialog>
  );
}

/** /household/webhooks: the household's daily meal-plan webhooks (advanced users). */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const { data, isPending } = useWebhooks();
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [editing, setEditing] = useState<WebhookOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookOut | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const runTest = (w: WebhookOut) =>
    test.mutate(w.id, { onSuccess: (ok) => (ok ? toast.info(t('automation.test-started')) : toast.error(t('automation.something-went-wrong'))) });

  return (
    <Page
      title={t('automation.webhooks.title')}
      icon={<WebhookIcon />}
      subtitle={t('automation.webhooks.subtitle')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          {t('automation.webhooks.create')}
        </Button>
      }
    >
      <UrlWarning warning={warning} onClose={() => setWarning(null)} />
      {isPending ? (
        <PageLoader />
      ) : !data?.length ? (
        <EmptyState icon={<WebhookIcon />} title={t('automation.webhooks.empty')} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          {data.map((w) => (
            <Card key={w.id} variant="outlined" data-testid="webhook-card">
              <CardContent sx={{ paddingBlockEnd: 0 }}>
                <Typography variant="h6" component="h2">
                  <bdi>{w.name || w.url}</bdi>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('automation.webhooks.runs-at', { time: utcToLocal(w.scheduledTime) })} · <bdi dir="ltr">{w.url}</bdi>
                </Typography>
                <LastTest lastTest={w.lastTest} />
              </CardContent>
              <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                <FormControlLabel
                  sx={{ minHeight: 44, marginInlineEnd: 'auto' }}
                  control={<Switch checked={w.enabled} onChange={(e) => save.mutate({ id: w.id, body: { ...w, enabled: e.target.checked } })} />}
                  label={t('automation.enabled')}
                />
                <Button sx={{ minHeight: 44 }} onClick={() => runTest(w)} loading={test.isPending && test.variables === w.id}>
                  {t('automation.test')}
                </Button>
                <Button sx={{ minHeight: 44 }} onClick={() => setEditing(w)} aria-label={`${t('general.edit')}: ${w.name}`}>
                  {t('general.edit')}
                </Button>
                <Button sx={{ minHeight: 44 }} color="error" onClick={() => setDeleting(w)} aria-label={`${t('general.delete')}: ${w.name}`}>
                  {t('general.delete')}
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {editing && <WebhookDialog webhook={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onWarning={setWarning} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('automation.webhooks.delete')}
        confirmLabel={t('general.delete')}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('general.confirm-delete-named', { name: deleting?.name ?? '' })}
      </ConfirmDialog>
    </Page>
  );
}
