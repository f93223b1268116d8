import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import { skeletonFor, type SkeletonKind } from '../lib/skeleton';
import { RECIPE_CARD_HEIGHT } from './recipe/cardSize';


const frame = { maxWidth: 1400, marginInline: 'auto', paddingInline: { xs: 2, sm: 3 }, paddingBlock: { xs: 2, sm: 3 } } as const;

function Title() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, marginBlockEnd: 3 }}>
      <Skeleton variant="circular" width={40} height={40} />
      <Skeleton variant="text" sx={{ fontSize: '2rem', width: { xs: '60%', sm: 320 } }} />
    </Box>
  );
}

function Cards() {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: 2 }}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={RECIPE_CARD_HEIGHT} />
      ))}
    </Box>
  );
}

function Rows() {
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={52} />
      ))}
    </Box>
  );
}

/** The shape of a recipe page: picture, name, description, then ingredients beside the steps. */
function Recipe() {
  return (
    <Box sx={{ maxWidth: 1200, marginInline: 'auto' }}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' }, marginBlockEnd: 3 }}>
        <Skeleton variant="rounded" sx={{ height: { xs: 220, md: 320 } }} />
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '2.2rem', width: '80%' }} />
          <Skeleton variant="text" sx={{ width: '95%' }} />
          <Skeleton variant="text" sx={{ width: '70%' }} />
          <Box sx={{ display: 'flex', gap: 1, marginBlockStart: 2 }}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} variant="rounded" width={44} height={44} />
            ))}
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 3fr)' } }}>
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '1.6rem', width: 160 }} />
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} variant="text" sx={{ width: `${60 + ((i * 13) % 35)}%`, height: 44 }} />
          ))}
        </Box>
        <Box>
          <Skeleton variant="text" sx={{ fontSize: '1.6rem', width: 160 }} />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={110} sx={{ marginBlockEnd: 1.5 }} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * What a screen looks like before its data arrives, instead of a blank page: a recipe's layout, a card
 * grid (home, cookbooks), rows (lists) or a title with cards. Announced once as loading.
 */
export default function PageSkeleton({ kind = 'page' }: { kind?: SkeletonKind }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('general.loading')} aria-busy="true" data-testid={`skeleton-${kind}`}>
      <LinearProgress aria-hidden sx={{ width: '100%', height: 2 }} />
      <Box sx={frame}>
        {kind === 'recipe' ? (
          <Recipe />
        ) : (
          <>
            <Title />
            {kind === 'list' ? <Rows /> : <Cards />}
          </>
        )}
      </Box>
    </Box>
  );
}

/** PageSkeleton shaped for the current address. */
export function RouteSkeleton() {
  const { pathname } = useLocation();
  return <PageSkeleton kind={skeletonFor(pathname)} />;
}

/** Rows in place of a list inside a page that already shows its title. */
export function ListSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('general.loading')} aria-busy="true" sx={{ display: 'grid', gap: 1 }} data-testid="skeleton-rows">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={52} />
      ))}
    </Box>
  );
}

/** Recipe cards in place of a grid inside a page that already shows its title. */
export function CardsSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('general.loading')} aria-busy="true" data-testid="skeleton-cards">
      <Cards />
    </Box>
  );
}
