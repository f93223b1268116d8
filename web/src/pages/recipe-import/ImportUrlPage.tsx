import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import AddToHearth from './AddToHearth';
import BulkUrlImport from './BulkUrlImport';
import ImportFrame from './ImportFrame';
import UrlImportForm from './UrlImportForm';

type Mode = 'single' | 'bulk';

/** /g/{groupSlug}/r/create/url: one URL (with Test), or many at once (?mode=bulk, with the report). */
export default function ImportUrlPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('mode') === 'bulk' ? 'bulk' : 'single';
  return (
    <ImportFrame method="url" title={t('recipe-import.url.title')} icon={<LinkIcon fontSize="large" />}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={mode}
        onChange={(_e, next: Mode | null) => next && setParams(next === 'bulk' ? { mode: 'bulk' } : {})}
        aria-label={t('recipe-import.url.mode')}
        sx={{ marginBlockEnd: 2 }}
      >
        <ToggleButton value="single">
          <LinkIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
          {t('recipe-import.url.single')}
        </ToggleButton>
        <ToggleButton value="bulk">
          <PlaylistAddIcon fontSize="small" sx={{ marginInlineEnd: 0.5 }} />
          {t('recipe-import.url.bulk')}
        </ToggleButton>
      </ToggleButtonGroup>
      {mode === 'bulk' ? <BulkUrlImport /> : <UrlImportForm />}
      {mode === 'single' && <AddToHearth />}
    </ImportFrame>
  );
}
