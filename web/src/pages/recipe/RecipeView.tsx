import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import RecipeGallery from '../../components/recipe/images/RecipeGallery';
import Markdown from '../../components/recipe/Markdown';
import { nutritionRows } from '../../lib/recipe/nutrition';
import { scaledServings } from '../../lib/recipe/scale';
import AssetsSection from './AssetsSection';
import NutritionSection from './ComputedNutrition';
import CommentsSection from './CommentsSection';
import IngredientsPanel from './IngredientsPanel';
import InstructionsPanel from './InstructionsPanel';
import RecipeHeader, { type RecipeHeaderProps } from './RecipeHeader';
import TimelineSection from './TimelineSection';

/** The view takes exactly what its header needs. */
type RecipeViewProps = RecipeHeaderProps;

const sectionSx = { marginBlockStart: 4 } as const;

/** VIEW mode: the header, ingredients beside the steps, then notes, nutrition, assets, comments and the timeline. */
export default function RecipeView({ recipe, viewer, canEdit, scale, onScale, onEdit, onCook, onDeleted }: RecipeViewProps) {
  const { t } = useTranslation();
  const { settings } = recipe;
  const showNutrition = settings.showNutrition && nutritionRows(recipe.nutrition).length > 0;
  return (
    <Box sx={{ maxWidth: 1200, marginInline: 'auto', paddingInline: { xs: 2, sm: 3 }, paddingBlock: { xs: 2, sm: 3 } }}>
      <RecipeHeader
        recipe={recipe}
        viewer={viewer}
        canEdit={canEdit}
        scale={scale}
        onScale={onScale}
        onEdit={onEdit}
        onCook={onCook}
        onDeleted={onDeleted}
      />
      <Divider />
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' },
          marginBlockStart: 3,
        }}
      >
        <Box>
          <IngredientsPanel recipe={recipe} scale={scale} />
          <NutritionSection
            slug={recipe.slug}
            typed={recipe.nutrition}
            servings={scaledServings(recipe, scale)}
            scale={scale}
            canEdit={canEdit}
            showTyped={showNutrition}
          />
        </Box>
        <InstructionsPanel recipe={recipe} scale={scale} />
      </Box>
      <Box sx={{ ...sectionSx, '&:empty': { display: 'none' } }}>
        <RecipeGallery />
      </Box>
      {recipe.notes.length > 0 && (
        <Box component="section" aria-labelledby="recipe-notes-heading" sx={sectionSx}>
          <Typography id="recipe-notes-heading" variant="h5" component="h2" sx={{ marginBlockEnd: 1 }}>
            {t('recipe-ui.notes')}
          </Typography>
          {recipe.notes.map((note, i) => (
            <Paper key={i} variant="outlined" sx={{ padding: 2, marginBlockEnd: 1.5 }}>
              {note.title && (
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  {note.title}
                </Typography>
              )}
              <Markdown text={note.text} />
            </Paper>
          ))}
        </Box>
      )}
      {settings.showAssets && (
        <Box sx={sectionSx}>
          <AssetsSection recipe={recipe} canEdit={canEdit} />
        </Box>
      )}
      {!settings.disableComments && (viewer.own || recipe.comments.length > 0) && (
        <Box sx={sectionSx}>
          <CommentsSection recipe={recipe} user={viewer.user} canComment={viewer.own} />
        </Box>
      )}
      {viewer.own && (
        <Box sx={sectionSx}>
          <TimelineSection recipeId={recipe.id} />
        </Box>
      )}
    </Box>
  );
}
