import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { formatCountdown } from '../../lib/recipe/cooking';
import type { useCookTimers } from './useCookTimers';

/** The running timers, each with its countdown, pause/resume and dismiss; a rung one turns red. */
export default function CookTimersBar({ timers }: { timers: ReturnType<typeof useCookTimers> }) {
  const { t } = useTranslation();
  if (timers.timers.length === 0) return null;
  return (
    <Box role="region" aria-label={t('recipe-ui.cook.timers')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, marginBlockEnd: 2 }}>
      {timers.timers.map((timer) => {
        const left = timers.secondsLeft(timer);
        const paused = timer.remainingWhenPaused !== null;
        return (
          <Paper
            key={timer.id}
            variant="outlined"
            data-testid="cook-timer"
            role={timer.rang ? 'alert' : undefined}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              paddingInlineStart: 1.5,
              borderColor: timer.rang ? 'error.main' : undefined,
              bgcolor: timer.rang ? 'error.main' : undefined,
              color: timer.rang ? 'error.contrastText' : undefined,
            }}
          >
            <Typography component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }} aria-live={timer.rang ? 'assertive' : 'off'}>
              {timer.rang ? t('recipe-ui.cook.time-up', { time: timer.label }) : formatCountdown(left)}
            </Typography>
            <Typography component="span" variant="body2" sx={{ opacity: 0.8 }}>
              {timer.rang ? '' : timer.label}
            </Typography>
            {!timer.rang && (
              <IconButton aria-label={paused ? t('recipe-ui.cook.resume-timer') : t('recipe-ui.cook.pause-timer')} onClick={() => timers.togglePause(timer.id)} sx={{ width: 44, height: 44, color: 'inherit' }}>
                {paused ? <PlayArrowIcon /> : <PauseIcon />}
              </IconButton>
            )}
            <IconButton aria-label={t('recipe-ui.cook.dismiss-timer')} onClick={() => timers.dismiss(timer.id)} sx={{ width: 44, height: 44, color: 'inherit' }}>
              <CloseIcon />
            </IconButton>
          </Paper>
        );
      })}
    </Box>
  );
}
