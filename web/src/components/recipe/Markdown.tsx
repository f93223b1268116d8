import { useMemo } from 'react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { renderMarkdown } from '../../lib/recipe/markdown';

/** Shared look of rendered recipe text (also used by the print view). */
export const markdownSx: SxProps<Theme> = {
  overflowWrap: 'anywhere',
  '& > :first-of-type': { marginBlockStart: 0 },
  '& > :last-child': { marginBlockEnd: 0 },
  '& p': { marginBlock: 0.75 },
  '& ul, & ol': { paddingInlineStart: 3, marginBlock: 0.75 },
  '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
  '& a': { color: 'primary.main' },
  // An amount scaled or converted from what the step wrote (its title says what that was).
  '& strong[data-step-amount]': { fontWeight: 700, color: 'primary.main', textDecorationLine: 'underline', textDecorationStyle: 'dotted', textUnderlineOffset: '0.2em', cursor: 'help' },
  '& table': { borderCollapse: 'collapse', marginBlock: 1 },
  '& th, & td': { border: 1, borderColor: 'divider', paddingInline: 1, paddingBlock: 0.5 },
  '& pre': { overflowX: 'auto', padding: 1, borderRadius: 1, bgcolor: 'action.hover' },
  '& blockquote': { marginInline: 0, paddingInlineStart: 2, borderInlineStart: '3px solid', borderColor: 'divider', color: 'text.secondary' },
};

/** Markdown from a recipe (description, notes, steps), sanitised against the allowed tag list. */
export default function Markdown({ text, sx }: { text: string | null | undefined; sx?: SxProps<Theme> }) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  if (!html) return null;
  return <Box className="hearth-markdown" dir="auto" sx={[markdownSx, ...(Array.isArray(sx) ? sx : [sx])]} dangerouslySetInnerHTML={{ __html: html }} />;
}
