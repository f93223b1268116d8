import { createPortal } from 'react-dom';
import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import type { PrintPreferences } from '../../lib/recipe/printPreferences';
import type { RecipeOut } from '../../lib/recipe/types';
import RecipePrintView from './RecipePrintView';

/**
 * What the printer gets: the print view, placed beside the app (not inside its fixed-height, scrolling
 * columns, which would cut it to one page), while the app itself is hidden; black on white paper in any theme.
 */
const styles = (
  <GlobalStyles
    styles={{
      '@media screen': { '.hearth-print-only': { display: 'none !important' } },
      '@media print': {
        '#root': { display: 'none !important' },
        body: { background: '#fff !important' },
        '.hearth-print-only': { display: 'block !important' },
        '.hearth-print-only, .hearth-print-only *': { color: '#000 !important', borderColor: '#bbb !important' },
      },
    }}
  />
);

export default function RecipePrintPortal({ recipe, preferences, scale }: { recipe: RecipeOut; preferences: PrintPreferences; scale: number }) {
  return (
    <>
      {styles}
      {createPortal(
        <Box className="hearth-print-only" sx={{ padding: 1 }}>
          <RecipePrintView recipe={recipe} preferences={preferences} scale={scale} />
        </Box>,
        document.body,
      )}
    </>
  );
}
