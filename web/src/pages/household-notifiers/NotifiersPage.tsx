import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
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
import NotificationsIcon from '@mui/icons-material/Notifications';
import { notifierOptionKeys, notifierOptionSections, type NotifierOptionKey, type NotifierOut } from '../../../../contract/automation';
import { useCreateNotifier, useDeleteNotifier, useNotifiers, useTestNotifier, useUpdateNotifier } from '../../api/hooks/automation';
import ConfirmDialog from '../../components/ConfirmDialog';
import EmptyState from '../../components/EmptyState';
import FormDialog from '../../components/FormDialog';
import Page from '../../components/Page';
import PageLoader from '../../components/PageLoader';
import { toast } from '../../components/toast/toastStore';
import { LastTest, UrlWarning } from '../../components/automation/LastTest';

type Options = Record<NotifierOptionKey, boolean>;
const noOptions = () => Object.fromEntries(notifierOptionKeys.map((k) => [k, false])) as Options;
const EXAMPLES = ['ntfy://ntfy.example.com/kitchen', 'discord://webhook_id/webhook_token', 'json://192.168.1.20:8080/hook', 'gotify://gotify.example.com/token', 'mailto://?to=cook@example.com'];

/** The notifier form: name, Apprise URL (help + examples), enabled and the event switches grouped as Mealie does. */
function NotifierDialog({ notifier, onClose, onWarning }: { notifier: NotifierOut | null; onClose: () => void; onWarning: (warning: string | null) => void }) {
  const { t } = useTranslation();
  const create = useCreateNotifier();
  const update = useUpdateNotifier();
  const [name, setName] = useState(notifier?.name ?? '');
  const [url, setUrl] = useState('');
  const [enabled, setEnabled] = useState(notifier?.enabled ?? true);
  const [options, setOptions] = useState<Options>(() => ({ ...noOptions(), ...(notifier ? (notifier.options as Options) : {}) }));
  const [tried, setTried] = useState(false);
  const nameError = tried && !name.trim();
  const urlError = tried && !notifier && !url.trim();
  const saving = create.isPending || update.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!name.trim() || (!notifier && !url.trim())) return;
    const done = {
      onSuccess: (saved: NotifierOut) => {
        onWarning(saved.urlWarning ?? null);
        onClose();
      },
    };
    if (notifier) update.mutate({ id: notifier.id, body: { name, enabled, appriseUrl: url.trim() || null, options } }, done);
    else create.mutate({ name, appriseUrl: url.trim(), enabled, options }, done);
  };

  return (
    <FormDialog open title={notifier ? t('automation.notifiers.edit') : t('automation.notifiers.create')} submitLabel={t('general.save')} saving={saving} onClose={onClose} onSubmit={submit}>
      <Stack sx={{ gap: 2, paddingBlockStart: 1 }}>
        <TextField label={t('automation.name')} value={name} onChange={(e) => setName(e.target.value)} required error={nameError} helperText={nameError ? t('automation.required') : undefined} />
        <TextField
          label={t('automation.notifiers.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          required={!notifier}
          error={urlError}
          slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false, autoCapitalize: 'off' } }}
          helperText={urlError ? t('automation.required') : notifier ? t('automation.notifiers.url-keep') : t('automation.notifiers.url-help')}
        />
        <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5, color: 'text.secondary', fontSize: 13 }} aria-label={t('automation.notifiers.examples')}>
          {EXAMPLES.map((ex) => (
            <li key={ex}>
              <bdi dir="ltr">{ex}</bdi>
            </li>
          ))}
        </Box>
        <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label={t('automation.enabled')} />
        {notifierOptionSections.map(({ section, keys }) => (
          <Box key={section} component="fieldset" sx={{ border: 0, margin: 0, padding: 0 }}>
            <Typography component="legend" variant="subtitle2">
              {t(`automation.notifiers.sections.${section}`)}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
              {keys.map((key) => (
                <FormControlLabel
                  key={key}
                  sx={{ minHeight: 44 }}
                  control={<Switch checked={options[key]} onChange={(e) => setOptions({ ...options, [key]: e.target.checked })} />}
                  label={t(`automation.notifiers.events.${key}`)}
                />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
    </FormDialog>
  );
}

/** /household/notifiers: the household's event notifiers (advanced users). */
export default function NotifiersPage() {
  const { t } = useTranslation();
  const { data, isPending } = useNotifiers();
  const update = useUpdateNotifier();
  const remove = useDeleteNotifier();
  const test = useTestNotifier();
  const [editing, setEditing] = useState<NotifierOut | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NotifierOut | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const runTest = (n: NotifierOut) =>
    test.mutate(n.id, { onSuccess: (ok) => (ok ? toast.info(t('automation.test-started')) : toast.error(t('automation.something-went-wrong'))) });

  return (
    <Page
      title={t('automation.notifiers.title')}
      icon={<NotificationsIcon />}
      subtitle={t('automation.notifiers.subtitle')}
      actions={
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
          {t('automation.notifiers.create')}
        </Button>
      }
    >
      <UrlWarning warning={warning} onClose={() => setWarning(null)} />
      {isPending ? (
        <PageLoader />
      ) : !data?.length ? (
        <EmptyState icon={<NotificationsIcon />} title={t('automation.notifiers.empty')} />
      ) : (
        <Stack sx={{ gap: 2 }}>
          {data.map((n) => {
            const count = notifierOptionKeys.filter((k) => (n.options as Options)[k]).length;
            return (
              <Card key={n.id} variant="outlined" data-testid="notifier-card">
                <CardContent sx={{ paddingBlockEnd: 0 }}>
                  <Typography variant="h6" component="h2">
                    <bdi>{n.name}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('automation.notifiers.subscribed', { count })}
                  </Typography>
                  <LastTest lastTest={n.lastTest} />
                </CardContent>
                <CardActions sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <FormControlLabel
                    sx={{ minHeight: 44, marginInlineEnd: 'auto' }}
                    control={
                      <Switch
                        checked={n.enabled}
                        onChange={(e) => update.mutate({ id: n.id, body: { name: n.name, enabled: e.target.checked, options: n.options as Options } })}
                      />
                    }
                    label={t('automation.enabled')}
                  />
                  <Button sx={{ minHeight: 44 }} onClick={() => runTest(n)} loading={test.isPending && test.variables === n.id}>
                    {t('automation.test')}
                  </Button>
                  <Button sx={{ minHeight: 44 }} onClick={() => setEditing(n)} aria-label={`${t('general.edit')}: ${n.name}`}>
                    {t('general.edit')}
                  </Button>
                  <Button sx={{ minHeight: 44 }} color="error" onClick={() => setDeleting(n)} aria-label={`${t('general.delete')}: ${n.name}`}>
                    {t('general.delete')}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </Stack>
      )}
      {editing && <NotifierDialog notifier={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onWarning={setWarning} />}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('automation.notifiers.delete')}
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
