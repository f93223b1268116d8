import type { Components, Theme } from '@mui/material/styles';

/**
 * On a phone (or any coarse pointer) every control is at least 44 × 44 CSS px, the size a fingertip hits
 * reliably: icon buttons, buttons, toggle buttons, fields, switches and checkbox rows, clickable chips and
 * list rows. Desktop keeps MUI's denser sizes.
 */
export const TOUCH = '@media (max-width: 599.95px), (pointer: coarse)';

const size44 = { [TOUCH]: { minWidth: 44, minHeight: 44 } };

export const touchTargetOverrides: Components<Theme> = {
  MuiIconButton: { styleOverrides: { root: size44 } },
  MuiButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiToggleButton: { styleOverrides: { root: size44 } },
  MuiFab: { styleOverrides: { root: size44 } },
  MuiInputBase: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiFormControlLabel: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiCheckbox: { styleOverrides: { root: size44 } },
  MuiRadio: { styleOverrides: { root: size44 } },
  MuiChip: {
    styleOverrides: {
      // Chips one taps (links, filters, deletable picks) grow; plain labels keep their size.
      clickable: { [TOUCH]: { minHeight: 44 } },
      deletable: { [TOUCH]: { minHeight: 44, '& .MuiChip-deleteIcon': { fontSize: 24 } } },
    },
  },
  MuiAutocomplete: {
    styleOverrides: {
      popupIndicator: size44,
      clearIndicator: size44,
      option: { [TOUCH]: { minHeight: 44 } },
    },
  },
  MuiListItemButton: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiMenuItem: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiTab: { styleOverrides: { root: { [TOUCH]: { minHeight: 44 } } } },
  MuiPaginationItem: { styleOverrides: { root: size44 } },
};
