import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import LightModeIcon from '@mui/icons-material/LightMode';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import IngredientLine from '../../components/recipe/IngredientLine';
import StepText from '../../components/recipe/StepText';
import StepImages from '../../components/recipe/images/StepImages';
import { detectTimers, ingredientsPerStep } from '../../lib/recipe/cooking';
import type { RecipeOut } from '../../lib/recipe/types';
import { flipInRtl } from '../../lib/rtl';
import CookTimersBar from './CookTimersBar';
import { useCookTimers } from './useCookTimers';
import { useUnitSystem } from '../../components/recipe/useUnitSystem';
import { useWakeLock } from './useWakeLock';

/** How far a finger must travel sideways to turn the page. */
const SWIPE_PX = 60;

/**
 * COOK mode, made for a phone in a kitchen: one step per screen with only that step's ingredients (to
 * tick off), timers found in the step's text, a Previous/Next bar always within thumb reach, swipes and
 * arrow keys to turn the page, and the screen kept awake where the browser allows it.
 */
export default function CookMode({ recipe, scale, onExit }: { recipe: RecipeOut; scale: number; onExit: () => void }) {
  const { t } = useTranslation();
  const steps = recipe.recipeInstructions;
  const [index, setIndex] = useState(0);
  const [checked, setChecked] = useState<Set<string>>(() => new Set());
  const wakeLock = useWakeLock();
  const timers = useCookTimers();
  const system = useUnitSystem();
  const perStep = useMemo(() => ingredientsPerStep(recipe.recipeIngredient, steps), [recipe.recipeIngredient, steps]);
  const step = steps[index];
  const linked = perStep[index] ?? [];
  const stepTimers = useMemo(() => (step ? detectTimers(step.text) : []), [step]);
  const last = index >= steps.length - 1;
  const go = (delta: number) => setIndex((i) => Math.min(Math.max(0, i + delta), Math.max(0, steps.length - 1)));
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  // Arrow keys turn the page (mirrored in right-to-left); Escape leaves.
  // An effect event: the listener always sees this render's go and onExit without being added again.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
    const rtl = document.documentElement.dir === 'rtl';
    if (e.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) go(1);
    else if (e.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) go(-1);
    else if (e.key === 'Escape') onExit();
  });
  useEffect(() => {
    const listener = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const onTouchEnd = (e: React.TouchEvent) => {
    const start = touchStart.current;
    touchStart.current = null;
    const touch = e.changedTouches[0];
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y) * 1.5) return;
    const rtl = document.documentElement.dir === 'rtl';
    go((dx < 0) !== rtl ? 1 : -1);
  };

  const toggle = (id: string) =>
    setChecked((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box sx={{ minHeight: 'calc(100dvh - 64px)', display: 'flex', flexDirection: 'column', fontSize: { xs: '1.15rem', sm: '1.35rem' } }}>
      <Box
        sx={{ flex: 1, width: '100%', maxWidth: 1100, marginInline: 'auto', paddingInline: { xs: 2, sm: 3 }, paddingBlock: 2 }}
        onTouchStart={(e) => {
          const touch = e.touches[0];
          touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
        }}
        onTouchEnd={onTouchEnd}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockEnd: 1 }}>
          <Typography variant="h6" component="h1" sx={{ flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
            <bdi>{recipe.name}</bdi>
          </Typography>
          {wakeLock === 'held' && <Chip size="small" icon={<LightModeIcon />} label={t('recipe-ui.cook.awake')} />}
          <Button variant="outlined" startIcon={<CloseIcon />} onClick={onExit} sx={{ minHeight: 44 }}>
            {t('recipe-ui.cook.exit')}
          </Button>
        </Stack>
        {wakeLock === 'unsupported' && (
          <Alert severity="info" sx={{ marginBlockEnd: 1 }} data-testid="cook-wake-note">
            {t('recipe-ui.cook.no-wake-lock')}
          </Alert>
        )}
        <LinearProgress
          variant="determinate"
          value={steps.length ? ((index + 1) / steps.length) * 100 : 0}
          aria-label={t('recipe-ui.cook.progress', { n: index + 1, total: steps.length })}
          sx={{ marginBlockEnd: 2, height: 6, borderRadius: 3 }}
        />
        <CookTimersBar timers={timers} />
        {step ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: linked.length ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' } }}>
            <Box aria-live="polite">
              {step.title && (
                <Typography variant="h6" component="h2" sx={{ color: 'text.secondary', fontSize: '1em' }}>
                  <bdi>{step.title}</bdi>
                </Typography>
              )}
              <Typography variant="h5" component="h2" sx={{ fontSize: '1.3em', fontWeight: 600, marginBlockEnd: 1 }} data-testid="cook-step-number">
                {t('recipe-ui.cook.step-of', { n: index + 1, total: steps.length })}
                {step.summary ? <>: <bdi>{step.summary}</bdi></> : null}
              </Typography>
              <StepText text={step.text} recipe={recipe} scale={scale} sx={{ fontSize: '1em', lineHeight: 1.6 }} />
              <StepImages stepId={step.id} n={index + 1} variant="cook" />
              {stepTimers.length > 0 && (
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', marginBlockStart: 1 }}>
                  {stepTimers.map((timer) => (
                    <Button key={timer.label} variant="outlined" startIcon={<TimerOutlinedIcon />} sx={{ minHeight: 44 }} onClick={() => timers.start(timer.label, timer.seconds)}>
                      {t('recipe-ui.cook.start-timer', { time: timer.label })}
                    </Button>
                  ))}
                </Stack>
              )}
            </Box>
            {linked.length > 0 && (
              <Paper variant="outlined" component="aside" aria-label={t('recipe-ui.cook.step-ingredients')} sx={{ padding: 1.5, alignSelf: 'start' }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {t('recipe-ui.ingredients')}
                </Typography>
                <Stack>
                  {linked.map((ingredient) => {
                    const id = ingredient.referenceId;
                    const done = checked.has(id);
                    return (
                      <FormControlLabel
                        key={id}
                        sx={{ minHeight: 44, marginInlineStart: 0, textDecoration: done ? 'line-through' : 'none', opacity: done ? 0.6 : 1 }}
                        control={<Checkbox checked={done} onChange={() => toggle(id)} />}
                        label={<IngredientLine ingredient={ingredient} scale={scale} disableAmount={recipe.settings.disableAmount} system={system} />}
                      />
                    );
                  })}
                </Stack>
              </Paper>
            )}
          </Box>
        ) : (
          <Typography>{t('recipe-ui.no-instructions')}</Typography>
        )}
      </Box>
      <Paper
        square
        elevation={6}
        component="nav"
        aria-label={t('recipe-ui.cook.steps')}
        sx={{ position: 'sticky', insetBlockEnd: 0, zIndex: 2, paddingInline: 2, paddingBlock: 1, paddingBlockEnd: 'max(8px, env(safe-area-inset-bottom))' }}
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1, maxWidth: 1100, marginInline: 'auto' }}>
          <Button size="large" variant="outlined" startIcon={<ArrowBackIcon sx={flipInRtl} />} disabled={index === 0} onClick={() => go(-1)} sx={{ minHeight: 48 }}>
            {t('recipe-ui.cook.previous')}
          </Button>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {steps.length ? `${index + 1} / ${steps.length}` : ''}
          </Typography>
          {last ? (
            <Button size="large" variant="contained" onClick={onExit} sx={{ minHeight: 48 }}>
              {t('recipe-ui.cook.done')}
            </Button>
          ) : (
            <Button size="large" variant="contained" endIcon={<ArrowForwardIcon sx={flipInRtl} />} onClick={() => go(1)} sx={{ minHeight: 48 }}>
              {t('recipe-ui.cook.next')}
            </Button>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
