import { useCallback, useEffect, useRef, useState } from 'react';

export interface CookTimer {
  id: number;
  label: string;
  /** When it rings (ms since epoch); while paused, the time that was left. */
  endsAt: number;
  remainingWhenPaused: number | null;
  total: number;
  rang: boolean;
}

/** A short ring through Web Audio (no sound file to load) and a vibration where the phone can. */
function ring(): void {
  try {
    const AudioCtx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (AudioCtx) {
      const ctx = new AudioCtx();
      [0, 0.4, 0.8].forEach((at) => {
        const osc = ctx.createOscillator();
        const gain = ctx.createGain();
        osc.frequency.value = 880;
        gain.gain.setValueAtTime(0.25, ctx.currentTime + at);
        gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + at + 0.3);
        osc.connect(gain).connect(ctx.destination);
        osc.start(ctx.currentTime + at);
        osc.stop(ctx.currentTime + at + 0.3);
      });
      setTimeout(() => void ctx.close(), 1500);
    }
  } catch {
    // no audio output: the vibration and the on-screen alert remain
  }
  navigator.vibrate?.([400, 150, 400, 150, 400]);
}

/** Several kitchen timers at once, each counting down to a ring; `now` re-renders every second. */
export function useCookTimers() {
  const [timers, setTimers] = useState<CookTimer[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const nextId = useRef(1);

  const running = timers.some((t) => t.remainingWhenPaused === null && !t.rang);
  useEffect(() => {
    if (!running) return;
    const tick = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(tick);
  }, [running]);

  useEffect(() => {
    const due = timers.filter((t) => !t.rang && t.remainingWhenPaused === null && t.endsAt <= now);
    if (due.length === 0) return;
    ring();
    setTimers((list) => list.map((t) => (due.some((d) => d.id === t.id) ? { ...t, rang: true } : t)));
  }, [now, timers]);

  const start = useCallback((label: string, seconds: number) => {
    const id = nextId.current++;
    setNow(Date.now());
    setTimers((list) => [...list, { id, label, endsAt: Date.now() + seconds * 1000, remainingWhenPaused: null, total: seconds, rang: false }]);
  }, []);
  const togglePause = useCallback((id: number) => {
    setTimers((list) =>
      list.map((t) => {
        if (t.id !== id || t.rang) return t;
        if (t.remainingWhenPaused === null) return { ...t, remainingWhenPaused: Math.max(0, t.endsAt - Date.now()) };
        return { ...t, endsAt: Date.now() + t.remainingWhenPaused, remainingWhenPaused: null };
      }),
    );
  }, []);
  const dismiss = useCallback((id: number) => setTimers((list) => list.filter((t) => t.id !== id)), []);

  const secondsLeft = (t: CookTimer) => (t.rang ? 0 : (t.remainingWhenPaused ?? Math.max(0, t.endsAt - now)) / 1000);
  return { timers, start, togglePause, dismiss, secondsLeft };
}
