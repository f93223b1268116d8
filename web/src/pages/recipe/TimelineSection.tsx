import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggest';
import { useRecipeTimeline } from '../../api/hooks/recipeSocial';
import type { TimelineEvent } from '../../lib/recipe/types';

function EventIcon({ type }: { type: TimelineEvent['eventType'] }) {
  if (type === 'comment') return <ChatBubbleOutlineIcon fontSize="small" />;
  if (type === 'system') return <SettingsSuggestIcon fontSize="small" />;
  return <InfoOutlinedIcon fontSize="small" />;
}

/** The recipe's timeline (made it, edits, comments), newest first; quietly empty when the server has none. */
export default function TimelineSection({ recipeId }: { recipeId: string }) {
  const { t, i18n } = useTranslation();
  const { data: events = [] } = useRecipeTimeline(recipeId, true);
  return (
    <Box component="section" aria-labelledby="recipe-timeline-heading">
      <Typography id="recipe-timeline-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
        {t('recipe.timeline')}
      </Typography>
      {events.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('recipe-ui.timeline.none')}</Typography>
      ) : (
        <Stack component="ol" sx={{ listStyle: 'none', margin: 0, padding: 0, gap: 1.5, borderInlineStart: '2px solid', borderColor: 'divider', paddingInlineStart: 2 }}>
          {events.map((event) => (
            <Box component="li" key={event.id}>
              <Stack direction="row" sx={{ gap: 1, alignItems: 'center', color: 'text.secondary' }}>
                <EventIcon type={event.eventType} />
                <Typography variant="caption">
                  {new Date(event.timestamp ?? event.createdAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })}
                </Typography>
              </Stack>
              <Typography variant="subtitle2" component="p">
                {event.subject}
              </Typography>
              {event.eventMessage && <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>{event.eventMessage}</Typography>}
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
