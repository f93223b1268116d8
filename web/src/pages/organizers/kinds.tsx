import type { ReactElement } from 'react';
import type { TFunction } from 'i18next';
import CategoryIcon from '@mui/icons-material/Category';
import KitchenIcon from '@mui/icons-material/Kitchen';
import LabelIcon from '@mui/icons-material/Label';
import type { OrganizerKind } from '../../api/hooks/organizers';

/** Per-kind words and icons of the organizer screens. */
export interface KindInfo {
  kind: OrganizerKind;
  title: string;
  one: string;
  create: string;
  edit: string;
  remove: string;
  icon: (props?: { fontSize?: 'large' | 'small' }) => ReactElement;
}

export function kindInfo(kind: OrganizerKind, t: TFunction): KindInfo {
  switch (kind) {
    case 'categories':
      return {
        kind,
        title: t('organizers.categories'),
        one: t('organize.category'),
        create: t('organize.create-category'),
        edit: t('organize.edit-category'),
        remove: t('organize.delete-category'),
        icon: (p) => <CategoryIcon fontSize={p?.fontSize} />,
      };
    case 'tags':
      return {
        kind,
        title: t('organizers.tags'),
        one: t('organize.tag'),
        create: t('organize.create-tag'),
        edit: t('organize.edit-tag'),
        remove: t('organize.delete-tag'),
        icon: (p) => <LabelIcon fontSize={p?.fontSize} />,
      };
    case 'tools':
      return {
        kind,
        title: t('organizers.tools'),
        one: t('organize.tool'),
        create: t('organize.create-tool'),
        edit: t('organize.edit-tool'),
        remove: t('organize.delete-tool'),
        icon: (p) => <KitchenIcon fontSize={p?.fontSize} />,
      };
  }
}

/** /g/{groupSlug}/recipes/{kind}[/{slug}] */
export function organizerPath(groupSlug: string, kind: OrganizerKind, slug?: string): string {
  const base = `/g/${encodeURIComponent(groupSlug)}/recipes/${kind}`;
  return slug ? `${base}/${encodeURIComponent(slug)}` : base;
}
