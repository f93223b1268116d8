import type { ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Page from '../../components/Page';
import { useCreateMethods, type CreateMethod } from '../../components/recipe/createMethods';

/** The frame of every create screen: the title, and tabs to the other ways to create a recipe. */
export default function ImportFrame({ method, title, icon, children }: { method: CreateMethod; title: string; icon: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const { groupSlug = '' } = useParams();
  const methods = useCreateMethods(groupSlug);
  return (
    <Page title={title} icon={icon} maxWidth={900}>
      <Tabs
        value={method}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        role="navigation"
        aria-label={t('recipe-import.methods.label')}
        sx={{ marginBlockEnd: 2, borderBlockEnd: 1, borderColor: 'divider' }}
      >
        {methods.map((m) => (
          <Tab
            key={m.method}
            value={m.method}
            label={t(`recipe-import.methods.tabs.${m.method}`)}
            icon={m.icon}
            iconPosition="start"
            component={RouterLink}
            to={m.to}
            aria-current={m.method === method ? 'page' : undefined}
            sx={{ minHeight: 48, textTransform: 'none' }}
          />
        ))}
      </Tabs>
      {children}
    </Page>
  );
}
