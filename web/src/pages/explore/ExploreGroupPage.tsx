import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PublicIcon from '@mui/icons-material/Public';
import { useCookbooks, useExploreOrganizers } from '../../api/hooks/households';
import Page from '../../components/Page';
import RecipeBrowser from '../../components/recipe/RecipeBrowser';
import { filtersFromSearchParams, filtersToSearchParams } from '../../lib/recipe/listParams';

type Kind = 'categories' | 'tags' | 'tools';

/** One row of chips: a group's public cookbooks (links) or organizers (toggle a filter of the list). */
function ChipRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={label} sx={{ marginBlockEnd: 1.5 }}>
      <Typography variant="subtitle2" component="h2" sx={{ marginBlockEnd: 0.5 }}>
        {label}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        {children}
      </Stack>
    </Box>
  );
}

/**
 * /g/{groupSlug} for visitors (signed out, or from another group): the group's public recipes, its public
 * cookbooks and its categories, tags and tools (each narrows the list), all through the explore API.
 * A private group answers 404 there, which sends the visitor to the login page.
 */
export default function ExploreGroupPage() {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  const cookbooks = useCookbooks(groupSlug, false);
  const organizers: Record<Kind, ReturnType<typeof useExploreOrganizers>> = {
    categories: useExploreOrganizers(groupSlug, 'categories'),
    tags: useExploreOrganizers(groupSlug, 'tags'),
    tools: useExploreOrganizers(groupSlug, 'tools'),
  };
  const labels: Record<Kind, string> = { categories: t('organizers.categories'), tags: t('organizers.tags'), tools: t('organizers.tools') };

  const toggle = (kind: Kind, slug: string) => {
    const current = filters[kind] ?? [];
    const next = current.includes(slug) ? current.filter((s) => s !== slug) : [...current, slug];
    setParams(filtersToSearchParams({ ...filters, [kind]: next.length ? next : undefined }), { replace: true });
  };

  const header = (
    <Box sx={{ marginBlockEnd: 2 }}>
      {(cookbooks.data?.length ?? 0) > 0 && (
        <ChipRow label={t('cookbook.cookbooks')}>
          {cookbooks.data!.map((c) => (
            <Chip
              key={c.id}
              icon={<MenuBookIcon />}
              label={<bdi>{c.name}</bdi>}
              component={RouterLink}
              to={`/g/${encodeURIComponent(groupSlug)}/cookbooks/${encodeURIComponent(c.slug)}`}
              clickable
              sx={{ minHeight: 44 }}
            />
          ))}
        </ChipRow>
      )}
      {(['categories', 'tags', 'tools'] as const).map((kind) =>
        (organizers[kind].data?.length ?? 0) > 0 ? (
          <ChipRow key={kind} label={labels[kind]}>
            {organizers[kind].data!.map((o) => {
              const active = (filters[kind] ?? []).includes(o.slug);
              return (
                <Chip
                  key={o.id}
                  label={<bdi>{o.name}</bdi>}
                  color={active ? 'primary' : 'default'}
                  variant={active ? 'filled' : 'outlined'}
                  onClick={() => toggle(kind, o.slug)}
                  aria-pressed={active}
                  sx={{ minHeight: 44 }}
                />
              );
            })}
          </ChipRow>
        ) : null,
      )}
    </Box>
  );

  return (
    <Page title={t('group.explore-title')} subtitle={t('group.explore-subtitle')} icon={<PublicIcon fontSize="large" />} maxWidth={1400}>
      <RecipeBrowser filters={filters} groupSlug={groupSlug} header={header} explore />
    </Page>
  );
}
