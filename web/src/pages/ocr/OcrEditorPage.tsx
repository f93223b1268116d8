import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { takeSharedImages } from '../../lib/share';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import SaveIcon from '@mui/icons-material/Save';
import { unwrap } from '../../api/client';
import { useAbout } from '../../api/hooks/app';
import { useAiDraft, useOcrLanguages, useReadPhotos, useSaveOcrRecipe } from '../../api/hooks/ocr';
import { recipeKeys } from '../../api/hooks/search';
import { recipeApi } from '../../api/endpoints';
import type { OcrPage } from '../../api/ocr';
import Page from '../../components/Page';
import type { ReviewRow } from '../../components/recipe/editor/parsedIngredients';
import { toast } from '../../components/toast/toastStore';
import { photoAssets } from '../../lib/recipe/ocr';
import { recipePath } from '../../lib/recipe/paths';
import FileDropZone from '../recipe-import/FileDropZone';
import { orderedSelection } from './assemble';
import FieldsPanel, { SendBar } from './FieldsPanel';
import { EMPTY_FIELDS, fromAiDraft, ingredientLines, sendTo, toRecipe, type FieldKey, type OcrFields } from './fields';
import PageViewer from './PageViewer';
import TextPanel from './TextPanel';

const ParseIngredientsDialog = lazy(() => import('../../components/recipe/editor/ParseIngredientsDialog'));

/** The app language's OCR model when there is one (de-DE → deu), else English. */
const BY_LOCALE: Record<string, string> = { en: 'eng', de: 'deu', fr: 'fra', es: 'spa', it: 'ita', nl: 'nld' };

/**
 * The OCR editor (/g/{group}/r/create/ocr, and /g/{group}/r/{slug}/ocr for a recipe's own photos): photos
 * are read on the server; the person selects lines (tap, drag a region, or a block in the text list),
 * corrects them, sends them to fields, reviews the parsed ingredients and saves.
 */
export default function OcrEditorPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { groupSlug = '', slug } = useParams();
  const about = useAbout();
  const languages = useOcrLanguages();
  const existing = useQuery({ queryKey: recipeKeys.one(slug ?? ''), queryFn: () => unwrap(recipeApi.get(slug ?? '')), enabled: Boolean(slug), retry: false });
  const read = useReadPhotos();
  const ai = useAiDraft();
  const save = useSaveOcrRecipe();
  const [files, setFiles] = useState<File[]>([]);
  const [language, setLanguage] = useState(BY_LOCALE[i18n.language.slice(0, 2)] ?? 'eng');
  const [pages, setPages] = useState<OcrPage[]>([]);
  const [current, setCurrent] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [edits, setEdits] = useState<Record<string, string>>({});
  const [fields, setFields] = useState<OcrFields>(EMPTY_FIELDS);
  const [nameError, setNameError] = useState(false);
  const [review, setReview] = useState<Array<{ index: number; line: string }> | null>(null);
  const [saving, setSaving] = useState(false);
  const aiAvailable = Boolean(about.data?.enableOpenaiImageServices);
  const recipe = slug ? existing.data : undefined;

  // Photos shared to Hearth from another app (/share → ?shared=N): kept by the service worker until taken here.
  const [searchParams] = useSearchParams();
  const sharedCount = Number(searchParams.get('shared') ?? 0) || 0;
  useEffect(() => {
    if (slug || sharedCount <= 0) return;
    void takeSharedImages(sharedCount).then((shared) => shared.length > 0 && setFiles(shared));
  }, [slug, sharedCount]);

  // A recipe's own photos: fetched from its assets, then read like uploads.
  useEffect(() => {
    if (!recipe || files.length > 0) return;
    const photos = photoAssets(recipe.assets);
    if (photos.length === 0) return;
    void Promise.all(
      photos.map(async (asset) => {
        const fileName = asset.fileName ?? asset.name;
        const { data } = await recipeApi.assetFile(recipe.id, fileName);
        return new File([data ?? new Blob()], fileName, { type: data?.type || 'image/jpeg' });
      }),
    ).then((loaded) => {
      setFiles(loaded);
      setFields((f) => ({ ...f, name: recipe.name }));
    });
  }, [recipe, files.length]);

  const start = (withAi: boolean) => {
    read.mutate(
      { images: files, language },
      {
        onSuccess: (result) => {
          setPages(result.pages);
          setCurrent(0);
          setSelected(new Set());
        },
      },
    );
    if (withAi) ai.mutate(files, { onSuccess: (draft) => setFields(fromAiDraft(draft)) });
  };

  const selection = useMemo(() => orderedSelection(pages, selected, edits), [pages, selected, edits]);
  const select = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const toggle = (id: string) => select([id], !selected.has(id));
  const send = (key: FieldKey) => {
    setFields((f) => sendTo(f, key, selection));
    if (key === 'name') setNameError(false);
    setSelected(new Set());
    toast.success(t('ocr.send.sent', { field: t(`ocr.fields.${key}`) }));
  };

  const finish = async (rows: ReviewRow[] | null) => {
    setReview(null);
    setSaving(true);
    try {
      if (recipe) {
        const updated = await unwrap(recipeApi.patch(recipe.slug, toRecipe(fields, rows, true)));
        navigate(recipePath(groupSlug, updated.slug));
      } else {
        const created = await save.mutateAsync({ recipe: toRecipe(fields, rows, false), images: files });
        toast.success(t('ocr.saved'));
        navigate(recipePath(groupSlug, created));
      }
    } catch {
      // The client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  const onSave = () => {
    if (!fields.name.trim()) {
      setNameError(true);
      return;
    }
    const lines = ingredientLines(fields);
    if (lines.length === 0) void finish(null);
    else setReview(lines.map((line, index) => ({ index, line })));
  };

  const page = pages[current];
  const busy = read.isPending || ai.isPending;

  return (
    <Page title={recipe ? t('ocr.title-recipe', { name: recipe.name }) : t('ocr.title')} icon={<DocumentScannerIcon fontSize="large" />} maxWidth={1500}>
      {pages.length === 0 && (
        <Paper sx={{ padding: { xs: 2, sm: 3 }, maxWidth: 900 }}>
          <Typography sx={{ color: 'text.secondary', marginBlockEnd: 2 }}>{t('ocr.intro')}</Typography>
          {!slug && (
            <FileDropZone
              accept="image/*"
              hint={t('ocr.hint')}
              disabled={busy}
              buttons={[
                { label: t('recipe-import.image.camera'), icon: <PhotoCameraIcon />, capture: true, testId: 'ocr-camera-input' },
                { label: t('recipe-import.image.choose'), icon: <PhotoLibraryIcon />, multiple: true, testId: 'ocr-images-input' },
              ]}
              onFiles={(picked) => setFiles((f) => [...f, ...picked])}
            />
          )}
          {files.length > 0 && (
            <Typography sx={{ marginBlock: 2 }} role="status">
              {t('ocr.photos', { count: files.length })}: <bdi>{files.map((f) => f.name).join(', ')}</bdi>
            </Typography>
          )}
          {slug && existing.isSuccess && photoAssets(existing.data.assets).length === 0 && <Alert severity="info">{t('ocr.no-photos')}</Alert>}
          <TextField select label={t('ocr.language')} value={language} onChange={(e) => setLanguage(e.target.value)} sx={{ minWidth: 220, marginBlock: 2 }}>
            {(languages.data?.languages ?? ['eng']).map((code) => (
              <MenuItem key={code} value={code}>
                {t(`ocr.languages.${code}`)}
              </MenuItem>
            ))}
          </TextField>
          {busy && <LinearProgress sx={{ marginBlock: 1 }} aria-label={t('ocr.reading')} />}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {aiAvailable && (
              <Button variant="outlined" startIcon={<AutoAwesomeIcon />} disabled={files.length === 0 || busy} onClick={() => start(true)}>
                {t('ocr.read-with-ai')}
              </Button>
            )}
            <Button variant="contained" data-testid="ocr-read" startIcon={<DocumentScannerIcon />} disabled={files.length === 0 || busy} onClick={() => start(false)}>
              {t('ocr.read', { count: files.length })}
            </Button>
          </Stack>
        </Paper>
      )}

      {page && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
          <Stack sx={{ gap: 1.5, minWidth: 0 }}>
            {pages.length > 1 && (
              <Tabs value={current} onChange={(_e, v: number) => setCurrent(v)} variant="scrollable" aria-label={t('ocr.pages')}>
                {pages.map((p) => (
                  <Tab key={p.index} value={p.index} label={t('ocr.page', { number: p.index + 1 })} sx={{ minHeight: 44 }} />
                ))}
              </Tabs>
            )}
            <PageViewer key={page.index} page={page} selected={selected} onToggle={toggle} onRegion={(ids) => select(ids, true)} />
            <Typography variant="h6" component="h2">
              {t('ocr.text.title')}
            </Typography>
            <TextPanel page={page} selected={selected} edits={edits} onSelect={select} onEdit={(id, text) => setEdits((e) => ({ ...e, [id]: text }))} />
            {/* Last in the column and sticky: the send buttons stay in reach while the photo and the list scroll. */}
            <Paper elevation={4} sx={{ padding: 1.5, position: 'sticky', insetBlockEnd: 8, zIndex: 2 }}>
              <SendBar count={selection.length} onSend={send} />
            </Paper>
          </Stack>
          <Stack sx={{ gap: 2, minWidth: 0 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
                {t('ocr.fields.label')}
              </Typography>
              {aiAvailable && (
                <Button startIcon={<AutoAwesomeIcon />} loading={ai.isPending} onClick={() => ai.mutate(files, { onSuccess: (draft) => setFields(fromAiDraft(draft)) })}>
                  {t('ocr.ai-fill')}
                </Button>
              )}
            </Stack>
            {ai.isPending && <Alert severity="info">{t('ocr.ai-working')}</Alert>}
            <FieldsPanel fields={fields} onChange={setFields} nameError={nameError} />
            <Button variant="contained" size="large" startIcon={<SaveIcon />} loading={saving} onClick={onSave} sx={{ alignSelf: 'flex-end', minHeight: 44 }}>
              {recipe ? t('ocr.save-recipe') : t('ocr.create-recipe')}
            </Button>
          </Stack>
        </Box>
      )}
      {review && (
        <Suspense fallback={null}>
          <ParseIngredientsDialog lines={review} onCancel={() => setReview(null)} onAccept={(rows) => void finish(rows)} />
        </Suspense>
      )}
    </Page>
  );
}
