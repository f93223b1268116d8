import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import type { ScrapedRecipeOut } from '../../api/hooks/imports';
import IngredientLine from '../../components/recipe/IngredientLine';
import Markdown from '../../components/recipe/Markdown';
import RecipeTimes from '../../components/recipe/RecipeTimes';

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ marginBlockStart: 2 }}>
      <Typography variant="h6" component="h3" sx={{ fontSize: '1.05rem', marginBlockEnd: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface ScrapePreviewProps {
  recipe: ScrapedRecipeOut;
  showOrganizers: boolean;
  importing: boolean;
  onImport: () => void;
}

/** "Test": what the URL would give (name, image, times, ingredients, steps); nothing is saved until Import. */
export default function ScrapePreview({ recipe, showOrganizers, importing, onImport }: ScrapePreviewProps) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const organizers = showOrganizers ? [...recipe.recipeCategory, ...recipe.tags] : [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="scrape-preview-title" data-testid="scrape-preview">
      {recipe.image && !imageFailed && (
        <Box
          component="img"
          src={recipe.image}
          alt=""
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
          sx={{ display: 'block', width: '100%', maxHeight: 280, objectFit: 'cover' }}
        />
      )}
      <CardContent>
        <Typography variant="overline" sx={{ color: 'text.secondary' }}>
          {t('recipe-import.url.preview-label')}
        </Typography>
        <Typography id="scrape-preview-title" variant="h5" component="h2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
          {recipe.name}
        </Typography>
        {recipe.description && <Markdown text={recipe.description} sx={{ color: 'text.secondary', marginBlockStart: 1 }} />}
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', marginBlockStart: 1.5 }}>
          {recipe.recipeYield && <Chip variant="outlined" label={`${t('recipe-ui.yield')}: ${recipe.recipeYield}`} />}
          {recipe.recipeServings > 0 && <Chip variant="outlined" label={`${t('recipe-ui.servings')}: ${recipe.recipeServings}`} />}
          {recipe.extractionMethod && (
            <Chip
              variant="outlined"
              data-testid="extraction-method"
              label={`${t('recipe-import.url.found-by')}: ${t(`recipe-import.url.methods.${recipe.extractionMethod}`)}`}
            />
          )}
        </Stack>
        <Box sx={{ marginBlockStart: 1 }}>
          <RecipeTimes recipe={recipe} />
        </Box>
        {organizers.length > 0 && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', marginBlockStart: 1 }} aria-label={t('recipe-import.url.organizers')}>
            {organizers.map((o) => (
              <Chip key={o.slug} size="small" label={o.name} />
            ))}
          </Stack>
        )}

        <Part title={t('recipe-import.url.ingredients-count', { count: recipe.recipeIngredient.length })}>
          <Box component="ul" sx={{ margin: 0, paddingInlineStart: 3 }}>
            {recipe.recipeIngredient.map((ingredient) => (
              <Fragment key={ingredient.referenceId}>
                {ingredient.title && (
                  <Box component="li" sx={{ listStyle: 'none', fontWeight: 600, marginInlineStart: -3, marginBlockStart: 1 }} dir="auto">
                    {ingredient.title}
                  </Box>
                )}
                <li>
                  <IngredientLine ingredient={ingredient} scale={1} disableAmount={ingredient.disableAmount} />
                </li>
              </Fragment>
            ))}
          </Box>
        </Part>

        <Part title={t('recipe-import.url.steps-count', { count: recipe.recipeInstructions.length })}>
          <Box component="ol" sx={{ margin: 0, paddingInlineStart: 3 }}>
            {recipe.recipeInstructions.map((step) => (
              <Box component="li" key={step.id} sx={{ marginBlockEnd: 1 }}>
                {step.title && <Typography sx={{ fontWeight: 600 }}>{step.title}</Typography>}
                <Markdown text={step.text} />
              </Box>
            ))}
          </Box>
        </Part>

        <Box sx={{ display: 'flex', justifyContent: 'flex-end', marginBlockStart: 2 }}>
          <Button variant="contained" startIcon={<CloudDownloadIcon />} loading={importing} onClick={onImport}>
            {t('recipe-import.url.import-this')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
