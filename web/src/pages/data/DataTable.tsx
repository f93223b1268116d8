import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import RowActions from '../../components/RowActions';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** Hidden below this breakpoint. */
  from?: 'sm' | 'md';
  align?: 'center';
}

const shown = (from?: 'sm' | 'md') => (from ? { display: { xs: 'none', [from]: 'table-cell' } } : {});

/** A data page's table: the columns, then edit and delete for each row. */
export default function DataTable<T extends { id: string; name: string }>({
  label,
  rows,
  columns,
  onEdit,
  onDelete,
  empty,
}: {
  label: string;
  rows: T[];
  columns: Column<T>[];
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  empty: string;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.align} sx={shown(c.from)}>
                {c.header}
              </TableCell>
            ))}
            <TableCell align="right">
              <Box component="span" sx={{ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>
                {t('general.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length + 1} sx={{ textAlign: 'center', color: 'text.secondary', paddingBlock: 4 }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              {columns.map((c) => (
                <TableCell key={c.key} align={c.align} sx={{ ...shown(c.from), overflowWrap: 'anywhere' }}>
                  {c.cell(row)}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', paddingInline: { xs: 0.5, sm: 2 } }}>
                <RowActions name={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
