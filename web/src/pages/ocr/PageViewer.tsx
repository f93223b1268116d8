import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { alpha, useTheme } from '@mui/material/styles';
import FitScreenIcon from '@mui/icons-material/FitScreen';
import HighlightAltIcon from '@mui/icons-material/HighlightAlt';
import PanToolIcon from '@mui/icons-material/PanTool';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import type { OcrBox, OcrPage } from '../../api/ocr';
import { lineAt, linesInRegion } from './assemble';

interface PageViewerProps {
  page: OcrPage;
  selected: ReadonlySet<string>;
  /** A tap on a line. */
  onToggle: (lineId: string) => void;
  /** A dragged region: the lines mostly inside it. */
  onRegion: (lineIds: string[]) => void;
}

interface View {
  scale: number;
  x: number;
  y: number;
}

const MIN_SCALE = 0.1;
const MAX_SCALE = 6;
const TAP_SLOP = 8;
const clampScale = (s: number) => Math.min(MAX_SCALE, Math.max(MIN_SCALE, s));

/**
 * The photo with its recognised lines drawn over it. "Select" mode: tap a line to select it, drag to select
 * the lines in a region. "Move" mode: drag to pan. Two fingers pinch-zoom in either mode; the buttons zoom
 * and fit for mouse and keyboard users, the wheel zooms about the pointer.
 */
export default function PageViewer({ page, selected, onToggle, onRegion }: PageViewerProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const frame = useRef<HTMLDivElement | null>(null);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [mode, setMode] = useState<'select' | 'move'>('select');
  const [region, setRegion] = useState<OcrBox | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ startX: number; startY: number; view: View; pinch?: { distance: number; midX: number; midY: number }; moved: boolean } | null>(null);

  const fit = useCallback(() => {
    const el = frame.current;
    if (!el) return;
    const scale = clampScale(Math.min(el.clientWidth / page.width, el.clientHeight / page.height));
    setView({ scale, x: (el.clientWidth - page.width * scale) / 2, y: 0 });
  }, [page.width, page.height]);

  useLayoutEffect(() => {
    fit();
  }, [fit]);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    const el = frame.current;
    setView((v) => {
      const px = cx ?? (el ? el.clientWidth / 2 : 0);
      const py = cy ?? (el ? el.clientHeight / 2 : 0);
      const scale = clampScale(v.scale * factor);
      const k = scale / v.scale;
      return { scale, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
    });
  }, []);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const rect = el.getBoundingClientRect();
      zoomAt(e.deltaY < 0 ? 1.15 : 1 / 1.15, e.clientX - rect.left, e.clientY - rect.top);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const local = (e: { clientX: number; clientY: number }) => {
    const rect = frame.current!.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const toPage = (p: { x: number; y: number }, v: View) => ({ x: (p.x - v.x) / v.scale, y: (p.y - v.y) / v.scale });

  const onPointerDown = (e: ReactPointerEvent) => {
    if (e.button !== 0 && e.pointerType === 'mouse') return;
    frame.current?.setPointerCapture(e.pointerId);
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      gesture.current = { startX: p.x, startY: p.y, view, moved: true, pinch: { distance: Math.hypot(a.x - b.x, a.y - b.y), midX: (a.x + b.x) / 2, midY: (a.y + b.y) / 2 } };
      setRegion(null);
    } else if (pointers.current.size === 1) {
      gesture.current = { startX: p.x, startY: p.y, view, moved: false };
    }
  };

  const onPointerMove = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId) || !gesture.current) return;
    const p = local(e);
    pointers.current.set(e.pointerId, p);
    const g = gesture.current;
    if (g.pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()];
      const distance = Math.hypot(a.x - b.x, a.y - b.y);
      const midX = (a.x + b.x) / 2;
      const midY = (a.y + b.y) / 2;
      const scale = clampScale(g.view.scale * (distance / Math.max(1, g.pinch.distance)));
      const k = scale / g.view.scale;
      setView({ scale, x: midX - (g.pinch.midX - g.view.x) * k, y: midY - (g.pinch.midY - g.view.y) * k });
      return;
    }
    if (!g.moved && Math.hypot(p.x - g.startX, p.y - g.startY) < TAP_SLOP) return;
    g.moved = true;
    if (mode === 'move') {
      setView({ ...g.view, x: g.view.x + p.x - g.startX, y: g.view.y + p.y - g.startY });
    } else {
      const a = toPage({ x: g.startX, y: g.startY }, g.view);
      const b = toPage(p, g.view);
      setRegion({ x0: Math.min(a.x, b.x), y0: Math.min(a.y, b.y), x1: Math.max(a.x, b.x), y1: Math.max(a.y, b.y) });
    }
  };

  const onPointerUp = (e: ReactPointerEvent) => {
    if (!pointers.current.has(e.pointerId)) return;
    pointers.current.delete(e.pointerId);
    const g = gesture.current;
    if (pointers.current.size > 0) return;
    gesture.current = null;
    if (!g || g.pinch) return;
    if (!g.moved) {
      const at = toPage({ x: g.startX, y: g.startY }, g.view);
      const line = lineAt(page, at.x, at.y, 6 / g.view.scale);
      if (line) onToggle(line.id);
    } else if (mode === 'select' && region) {
      onRegion(linesInRegion(page, region).map((l) => l.id));
    }
    setRegion(null);
  };

  const lines = page.blocks.flatMap((b) => b.lines);
  const primary = theme.palette.primary.main;
  const outline = theme.palette.mode === 'dark' ? theme.palette.warning.light : theme.palette.warning.dark;
  const buttonSx = { width: 44, height: 44 };

  return (
    <Box>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', marginBlockEnd: 1 }}>
        <ToggleButtonGroup exclusive size="small" value={mode} onChange={(_e, next: 'select' | 'move' | null) => next && setMode(next)} aria-label={t('ocr.viewer.mode')}>
          <ToggleButton value="select" aria-label={t('ocr.viewer.select-mode')} sx={buttonSx}>
            <Tooltip title={t('ocr.viewer.select-mode')}>
              <HighlightAltIcon />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="move" aria-label={t('ocr.viewer.move-mode')} sx={buttonSx}>
            <Tooltip title={t('ocr.viewer.move-mode')}>
              <PanToolIcon />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
        <IconButton aria-label={t('ocr.viewer.zoom-in')} onClick={() => zoomAt(1.25)} sx={buttonSx}>
          <ZoomInIcon />
        </IconButton>
        <IconButton aria-label={t('ocr.viewer.zoom-out')} onClick={() => zoomAt(0.8)} sx={buttonSx}>
          <ZoomOutIcon />
        </IconButton>
        <IconButton aria-label={t('ocr.viewer.fit')} onClick={fit} sx={buttonSx}>
          <FitScreenIcon />
        </IconButton>
      </Stack>
      <Box
        ref={frame}
        data-testid="ocr-viewer"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        sx={{
          position: 'relative',
          overflow: 'hidden',
          height: { xs: '52vh', md: '70vh' },
          borderRadius: 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'action.hover',
          touchAction: 'none',
          userSelect: 'none',
          cursor: mode === 'move' ? 'grab' : 'crosshair',
          direction: 'ltr',
        }}
      >
        <Box
          sx={{ position: 'absolute', insetBlockStart: 0, left: 0, width: page.width, height: page.height, transformOrigin: '0 0' }}
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          <img src={page.image} alt={t('ocr.viewer.photo', { number: page.index + 1 })} width={page.width} height={page.height} draggable={false} style={{ display: 'block' }} />
          <svg width={page.width} height={page.height} viewBox={`0 0 ${page.width} ${page.height}`} style={{ position: 'absolute', inset: 0 }} aria-hidden="true">
            {lines.map((line) => {
              const on = selected.has(line.id);
              return (
                <rect
                  key={line.id}
                  data-line={line.id}
                  x={line.bbox.x0 - 3}
                  y={line.bbox.y0 - 3}
                  width={line.bbox.x1 - line.bbox.x0 + 6}
                  height={line.bbox.y1 - line.bbox.y0 + 6}
                  fill={on ? alpha(primary, 0.28) : 'transparent'}
                  stroke={on ? primary : outline}
                  strokeWidth={on ? 2.5 : 1.5}
                  strokeDasharray={on ? undefined : '6 4'}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
            {region && (
              <rect x={region.x0} y={region.y0} width={region.x1 - region.x0} height={region.y1 - region.y0} fill={alpha(primary, 0.12)} stroke={primary} strokeWidth={2} vectorEffect="non-scaling-stroke" />
            )}
          </svg>
        </Box>
      </Box>
    </Box>
  );
}
