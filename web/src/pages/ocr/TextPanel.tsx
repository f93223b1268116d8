import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckIcon from '@mui/icons-material/Check';
import EditIcon from '@mui/icons-material/Edit';
import type { OcrLine, OcrPage } from '../../api/ocr';

interface TextPanelProps {
  page: OcrPage;
  selected: ReadonlySet<string>;
  edits: Readonly<Record<string, string>>;
  onSelect: (lineIds: string[], on: boolean) => void;
  onEdit: (lineId: string, text: string) => void;
}

/** One recognised line: a checkbox to select it, its text (edited text when changed), a pencil to correct it. */
function LineRow({ line, checked, text, onSelect, onEdit }: { line: OcrLine; checked: boolean; text: string; onSelect: (on: boolean) => void; onEdit: (text: string) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const finish = () => {
    if (editing !== null) onEdit(editing);
    setEditing(null);
  };
  return (
    <Stack component="li" direction="row" sx={{ alignItems: 'center', gap: 0.5, listStyle: 'none', minHeight: 44 }}>
      <Checkbox checked={checked} onChange={(e) => onSelect(e.target.checked)} slotProps={{ input: { 'aria-label': t('ocr.text.select-line', { text }) } }} />
      {editing === null ? (
        <Typography
          component="span"
          onClick={() => onSelect(!checked)}
          sx={{ flex: 1, minWidth: 0, cursor: 'pointer', overflowWrap: 'anywhere', color: line.confidence < 60 ? 'warning.main' : 'text.primary' }}
        >
          <bdi>{text}</bdi>
        </Typography>
      ) : (
        <TextField
          size="small"
          autoFocus
          fullWidth
          value={editing}
          onChange={(e) => setEditing(e.target.value)}
          onBlur={finish}
          onKeyDown={(e) => {
            if (e.key === 'Enter') finish();
            if (e.key === 'Escape') setEditing(null);
          }}
          slotProps={{ htmlInput: { 'aria-label': t('ocr.text.edit-line') } }}
        />
      )}
      <IconButton
        aria-label={editing === null ? t('ocr.text.edit-line-named', { text }) : t('ocr.text.done')}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => (editing === null ? setEditing(text) : finish())}
        sx={{ width: 44, height: 44 }}
      >
        {editing === null ? <EditIcon fontSize="small" /> : <CheckIcon fontSize="small" />}
      </IconButton>
    </Stack>
  );
}

/** The page's text as blocks of lines: select a whole block (a column, a list) or single lines, fix typos. */
export default function TextPanel({ page, selected, edits, onSelect, onEdit }: TextPanelProps) {
  const { t } = useTranslation();
  if (page.blocks.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('ocr.text.nothing-read')}</Typography>;
  return (
    <Stack sx={{ gap: 1.5 }}>
      {page.blocks.map((block, b) => {
        const ids = block.lines.map((l) => l.id);
        const count = ids.filter((id) => selected.has(id)).length;
        const first = edits[block.lines[0].id] ?? block.lines[0].text;
        return (
          <Box key={block.id} component="section" aria-label={t('ocr.text.block', { number: b + 1 })} sx={{ border: 1, borderColor: count ? 'primary.main' : 'divider', borderRadius: 1, paddingInline: 1, paddingBlock: 0.5 }}>
            <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, minHeight: 44 }}>
              <Checkbox
                checked={count === ids.length}
                indeterminate={count > 0 && count < ids.length}
                onChange={(e) => onSelect(ids, e.target.checked)}
                slotProps={{ input: { 'aria-label': t('ocr.text.select-block', { text: first }) } }}
              />
              <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                {t('ocr.text.block-lines', { number: b + 1, count: ids.length })}
              </Typography>
            </Stack>
            <Box component="ul" sx={{ margin: 0, paddingInlineStart: 2 }}>
              {block.lines.map((line) => (
                <LineRow
                  key={line.id}
                  line={line}
                  checked={selected.has(line.id)}
                  text={edits[line.id] ?? line.text}
                  onSelect={(on) => onSelect([line.id], on)}
                  onEdit={(text) => onEdit(line.id, text)}
                />
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
