import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import CodeIcon from '@mui/icons-material/Code';
import DocumentScannerIcon from '@mui/icons-material/DocumentScanner';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FolderZipIcon from '@mui/icons-material/FolderZip';
import ImageIcon from '@mui/icons-material/Image';
import LinkIcon from '@mui/icons-material/Link';
import { useAbout } from '../../api/hooks/app';

/** The ways to create a recipe, each at /g/{groupSlug}/r/create/{method}. */
export type CreateMethod = 'url' | 'ocr' | 'image' | 'html' | 'zip' | 'new';

export interface CreateMethodEntry {
  method: CreateMethod;
  label: string;
  icon: ReactElement;
  to: string;
}

export function createMethodPath(groupSlug: string, method: CreateMethod): string {
  return `/g/${encodeURIComponent(groupSlug)}/r/create/${method}`;
}

/**
 * From a URL first; from a photo through the OCR editor always (with AI image services the editor offers
 * "let AI fill the fields", so every photo import is reviewed the same way); by hand last. The one-step
 * AI image import stays at /r/create/image for links and clients.
 */
export function createMethods(_imageServices: boolean): CreateMethod[] {
  return ['url', 'ocr', 'html', 'zip', 'new'];
}

const ICONS: Record<CreateMethod, () => ReactElement> = {
  url: () => <LinkIcon />,
  ocr: () => <DocumentScannerIcon />,
  image: () => <ImageIcon />,
  html: () => <CodeIcon />,
  zip: () => <FolderZipIcon />,
  new: () => <EditNoteIcon />,
};

const LABELS: Record<CreateMethod, string> = {
  url: 'recipe-ui.create.from-url',
  ocr: 'recipe-import.methods.ocr',
  image: 'recipe-ui.create.from-image',
  html: 'recipe-import.methods.html',
  zip: 'recipe-import.methods.zip',
  new: 'recipe-ui.create.manually',
};

/** The create methods this server offers, with label, icon and path. */
export function useCreateMethods(groupSlug: string): CreateMethodEntry[] {
  const { t } = useTranslation();
  const { data: about } = useAbout();
  return createMethods(Boolean(about?.enableOpenaiImageServices)).map((method) => ({
    method,
    label: t(LABELS[method]),
    icon: ICONS[method](),
    to: createMethodPath(groupSlug, method),
  }));
}
