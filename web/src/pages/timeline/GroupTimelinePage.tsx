import { useEffect, useRef } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import { useGroupTimeline } from '../../api/hooks/households';
import EmptyState from '../../components/EmptyState';
import Page from '../../components/Page';
import { TIMELINE_TYPES, useTimelinePrefs, type TimelineType } from '../../lib/householdPrefs';
import { recipeImageUrl } from '../../lib/recipe/media';
import { recipePath } from '../../lib/recipe/paths';
import type { TimelineEvent } from '../../lib/recipe/types';
import { API, apiPath } from '../../../../contract/routes';

const ICONS: Record<TimelineType, React.ReactNode> = {
  info: <InfoOutlinedIcon fontSize="small" />,
  system: <SettingsSuggestIcon fontSize="small" />,
  comment: <ChatBubbleOutlineIcon fontSize="small" />,
};

function eventImageUrl(event: TimelineEvent): string | null {
  if (event.image !== 'has image') return null;
  return apiPath(API.mediaRecipesByRecipeIdImagesTimelineByEventIdByFileName, { recipe_id: event.recipeId, event_id: event.id, file_name: 'min-original.webp' });
}

/**
 * /g/{groupSlug}/recipes/timeline: every recipe event of the group (made it, edits, comments), newest first or
 * oldest first, filtered by type; the order and types are remembered (spec §3). More load while scrolling.
 */
export default function GroupTimelinePage() {
  const { t, i18n } = useTranslation();
  const { groupSlug = '' } = useParams();
  const [prefs, setPrefs] = useTimelinePrefs();
  const timeline = useGroupTimeline(prefs.ascending, prefs.types);
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = timeline;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    }, { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);

  const pages = timeline.data?.pages ?? [];
  const events = pages.flatMap((p) => p.events.map((event) => ({ event, recipe: p.recipes.get(event.recipeId) })));
  const typeLabel: Record<TimelineType, string> = {
    info: t('household.timeline-info'),
    system: t('household.timeline-system'),
    comment: t('household.timeline-comment'),
  };

  return (
    <Page title={t('recipe.timeline')} icon={<HistoryIcon fontSize="large" />}>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center', marginBlockEnd: 2 }}>
        <ToggleButtonGroup
          value={prefs.types}
          onChange={(_, types: TimelineType[]) => setPrefs({ types: TIMELINE_TYPES.filter((type) => types.includes(type)) })}
          aria-label={t('household.timeline-types')}
          size="small"
        >
          {TIMELINE_TYPES.map((type) => (
            <ToggleButton key={type} value={type} sx={{ minHeight: 44, gap: 0.5 }}>
              {ICONS[type]}
              {typeLabel[type]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          color="inherit"
          onClick={() => setPrefs({ ascending: !prefs.ascending })}
          startIcon={prefs.ascending ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
          sx={{ minHeight: 44 }}
          aria-pressed={prefs.ascending}
        >
          {prefs.ascending ? t('household.timeline-oldest-first') : t('household.timeline-newest-first')}
        </Button>
      </Stack>
      {timeline.isPending && <CircularProgress aria-label={t('general.loading')} />}
      {timeline.isError && <Alert severity="error">{t('general.load-failed')}</Alert>}
      {!timeline.isPending && !timeline.isError && events.length === 0 && <EmptyState icon={<HistoryIcon />} title={t('household.timeline-empty')} />}
      {events.length > 0 && (
        <Stack component="ol" sx={{ listStyle: 'none', margin: 0, padding: 0, gap: 1.5 }} aria-label={t('recipe.timeline')}>
          {events.map(({ event, recipe }) => {
            const image = eventImageUrl(event);
            const thumb = recipe ? recipeImageUrl(recipe.id ?? '', recipe.image, 'tiny-original') : null;
            return (
              <Card component="li" key={event.id} variant="outlined" sx={{ display: 'flex', gap: 1.5, padding: 1.5 }}>
                <Avatar src={thumb ?? undefined} variant="rounded" alt="" sx={{ width: 48, height: 48 }}>
                  {ICONS[event.eventType]}
                </Avatar>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Stack direction="row" sx={{ gap: 1, alignItems: 'center', color: 'text.secondary', flexWrap: 'wrap' }}>
                    {ICONS[event.eventType]}
                    <Typography variant="caption">
                      {new Date(event.timestamp ?? event.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                    </Typography>
                    {recipe && (
                      <Link component={RouterLink} to={recipePath(groupSlug, recipe.slug ?? '')} variant="caption" color="textPrimary" sx={{ fontWeight: 500 }}>
                        <bdi>{recipe.name}</bdi>
                      </Link>
                    )}
                  </Stack>
                  <Typography variant="subtitle2" component="p">
                    <bdi>{event.subject}</bdi>
                  </Typography>
                  {event.eventMessage && (
                    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                      <bdi>{event.eventMessage}</bdi>
                    </Typography>
                  )}
                  {image && (
                    <Box component="img" src={image} alt={t('household.timeline-event-image')} loading="lazy" sx={{ marginBlockStart: 1, maxWidth: '100%', maxHeight: 240, borderRadius: 1 }} />
                  )}
                </Box>
              </Card>
            );
          })}
        </Stack>
      )}
      <Box ref={sentinel} sx={{ height: 1 }} />
      {isFetchingNextPage && <CircularProgress size={24} aria-label={t('general.loading')} sx={{ marginBlockStart: 2 }} />}
      {hasNextPage && !isFetchingNextPage && (
        <Button color="inherit" variant="outlined" onClick={() => void fetchNextPage()} sx={{ marginBlockStart: 2, minHeight: 44 }}>
          {t('household.timeline-load-more')}
        </Button>
      )}
    </Page>
  );
}
