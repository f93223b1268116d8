import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CloseIcon from '@mui/icons-material/Close';
import LightModeIcon from '@mui/icons-material/LightMode';
import IngredientLine from '../../components/recipe/IngredientLine';
import Markdown from '../../components/recipe/Markdown';
import { stepIngredients } from '../../lib/recipe/ingredients';
import type { RecipeOut } from '../../lib/recipe/types';
import { flipInRtl } from '../../lib/rtl';
import { useWakeLock } from './useWakeLock';

/** COOK mode: one step at a time in large type, its ingredients beside it, the screen kept awake. */
export default function CookMode({ recipe, scale, onExit }: { recipe: RecipeOut; scale: number; onExit: () => void }) {
  const { t } = useTranslation();
  const steps = recipe.recipeInstructions;
  const [index, setIndex] = useState(0);
  const awake = useWakeLock();
  const step = steps[index];
  // A recipe whose steps link no ingredients shows them all beside every step.
  const anyLinks = steps.some((s) => s.ingredientReferences.length > 0);
  const linked = !step ? [] : anyLinks ? stepIngredients(recipe.recipeIngredient, step.ingredientReferences) : recipe.recipeIngredient;
  const last = index >= steps.length - 1;

  // Arrow keys turn the page (mirrored in right-to-left); Escape leaves.
  useEffect(() => {
    const rtl = document.documentElement.dir === 'rtl';
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
      if (e.key === forward) setIndex((i) => Math.min(steps.length - 1, i + 1));
      else if (e.key === backward) setIndex((i) => Math.max(0, i - 1));
      else if (e.key === 'Escape') onExit();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [steps.length, onExit]);

  return (
    <Box sx={{ maxWidth: 1100, marginInline: 'auto', paddingInline: { xs: 2, sm: 3 }, paddingBlock: 2, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', marginBlockEnd: 1 }}>
        <Typography variant="h5" component="h1" sx={{ flex: '1 1 240px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {recipe.name}
        </Typography>
        {awake && <Chip size="small" icon={<LightModeIcon />} label={t('recipe-ui.cook.awake')} />}
        <Button variant="outlined" startIcon={<CloseIcon />} onClick={onExit}>
          {t('recipe-ui.cook.exit')}
        </Button>
      </Stack>
      <LinearProgress
        variant="determinate"
        value={steps.length ? ((index + 1) / steps.length) * 100 : 0}
        aria-label={t('recipe-ui.cook.progress', { n: index + 1, total: steps.length })}
        sx={{ marginBlockEnd: 2, height: 6, borderRadius: 3 }}
      />
      {step ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: linked.length ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' } }}>
          <Box aria-live="polite">
            {step.title && (
              <Typography variant="h6" component="h2" sx={{ color: 'text.secondary', fontSize: '1.1em' }}>
                {step.title}
              </Typography>
            )}
            <Typography variant="h4" component="h2" sx={{ fontSize: '1.6em', fontWeight: 600, marginBlockEnd: 1 }} data-testid="cook-step-number">
              {t('recipe-ui.cook.step-of', { n: index + 1, total: steps.length })}
              {step.summary ? `: ${step.summary}` : ''}
            </Typography>
            <Markdown text={step.text} sx={{ fontSize: '1em', lineHeight: 1.6 }} />
          </Box>
          {linked.length > 0 && (
            <Paper variant="outlined" component="aside" aria-label={t('recipe-ui.cook.step-ingredients')} sx={{ padding: 2, alignSelf: 'start' }}>
              <Typography variant="h6" component="h3" sx={{ marginBlockEnd: 1 }}>
                {t('recipe-ui.ingredients')}
              </Typography>
              <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2.5, '& li': { marginBlockEnd: 0.75 } }}>
                {linked.map((ingredient) => (
                  <li key={ingredient.referenceId}>
                    <IngredientLine ingredient={ingredient} scale={scale} disableAmount={recipe.settings.disableAmount} />
                  </li>
                ))}
              </Box>
            </Paper>
          )}
        </Box>
      ) : (
        <Typography>{t('recipe-ui.no-instructions')}</Typography>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, marginBlockStart: 4 }}>
        <Button size="large" variant="outlined" startIcon={<ArrowBackIcon sx={flipInRtl} />} disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('recipe-ui.cook.previous')}
        </Button>
        {last ? (
          <Button size="large" variant="contained" onClick={onExit}>
            {t('recipe-ui.cook.done')}
          </Button>
        ) : (
          <Button size="large" variant="contained" endIcon={<ArrowForwardIcon sx={flipInRtl} />} onClick={() => setIndex(index + 1)}>
            {t('recipe-ui.cook.next')}
          </Button>
        )}
      </Stack>
    </Box>
  );
}
