import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** The search box above a data table (the server matches it) and the table's buttons. */
export default function DataToolbar({ search, onSearch, children }: { search: string; onSearch: (v: string) => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', marginBlockEnd: 2 }}>
      <TextField
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        label={t('search.search')}
        type="search"
        margin="none"
        size="small"
        sx={{ flex: '1 1 220px', maxWidth: { sm: 360 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', marginInlineStart: 'auto' }}>
        {children}
      </Stack>
    </Stack>
  );
}
