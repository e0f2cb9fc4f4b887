// What the bench installs in the page before the app's own scripts run (context.addInitScript): it only
// observes. Long tasks come from a PerformanceObserver, frames from requestAnimationFrame, and "repainted"
// means: the devices grid shows the expected state in a frame, and that frame has been painted (a message
// posted from the frame's requestAnimationFrame callback runs after its paint).
//
// The grid's state is read as a screen reader would: aria-rowcount, each header's aria-sort, the labels
// of the first five rows, and the "N shown" count.

export interface PageProbes {
  longTasks: Array<{ start: number; duration: number }>;
  /** performance.now() time stamp of the last keydown or mousedown (the event's own timeStamp). */
  inputAt: number | null;
  /** Epoch ms when the first device row was painted after the document started. */
  firstRowsAt: number | null;
  signature(): string;
  /** Resolves with performance.now() after the first painted frame whose grid state is `target`. */
  paintedWhen(target: string, timeoutMs: number): Promise<number>;
  /** Waits at least `minMs`, then until the document has not changed for `quietMs`; returns the state. */
  quiet(minMs: number, quietMs: number): Promise<string>;
  /** Drags the grid from top to bottom in `frames` frames; the deltas between frames. */
  scrollThrough(
    frames: number,
  ): Promise<{ deltas: number[]; start: number; end: number; reachedEnd: boolean }>;
  maxLongTask(from: number, to: number): number;
  /** Starts waiting for `target` before the input is sent, so no early paint is missed. */
  arm(target: string, timeoutMs: number): void;
  /** The armed wait's result: input → painted, in ms. */
  armed(): Promise<number>;
  /**
   * Arms a wait for whatever the next input leads to, when its answer cannot be learnt beforehand without
   * warming what is timed: resolves with input → the painted frame of the grid state's LAST change, once
   * that state has held for `quietMs` (the state it settles on; an early frame with only the header's new
   * arrow does not count). Read it with armed().
   */
  armSettled(quietMs: number, timeoutMs: number): void;
  pending: Promise<number> | null;
}

declare global {
  interface Window {
    __bench: PageProbes;
  }
}

/** Runs in the page (serialised by Playwright): self-contained, no imports. */
export function installProbes(): void {
  const grid = () => document.querySelector<HTMLElement>('[role="grid"][aria-label="Devices"]');
  const afterPaint = () =>
    new Promise<number>((resolve) => {
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(null);
      });
    });
  let lastMutation = performance.now();
  const probes: PageProbes = {
    longTasks: [],
    inputAt: null,
    firstRowsAt: null,
    signature() {
      const g = grid();
      if (!g) return 'no grid';
      const sorts = [...g.querySelectorAll('[role="columnheader"]')].map((h) => h.getAttribute('aria-sort'));
      const rows = [...g.querySelectorAll('.grid-body [role="row"]')]
        .map((r) => [Number(r.getAttribute('aria-rowindex')), r.getAttribute('aria-label')] as const)
        .filter(([index]) => index >= 2 && index <= 6)
        .sort((a, b) => a[0] - b[0])
        .map(([index, label]) => `${index}:${label}`);
      const shown = document.querySelector('.device-main .shown')?.textContent ?? '';
      return [g.getAttribute('aria-rowcount'), sorts.join(','), shown, ...rows].join('|');
    },
    paintedWhen(target, timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      return new Promise((resolve, reject) => {
        const check = () => {
          if (probes.signature() === target) {
            const channel = new MessageChannel();
            channel.port1.onmessage = () => resolve(performance.now());
            channel.port2.postMessage(null);
          } else if (performance.now() > deadline) {
            reject(new Error(`the grid never showed ${target}; it shows ${probes.signature()}`));
          } else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
    },
    async quiet(minMs, quietMs) {
      const start = performance.now();
      for (;;) {
        await new Promise((r) => setTimeout(r, 50));
        const now = performance.now();
        if (now - start >= minMs && now - lastMutation >= quietMs) break;
      }
      await afterPaint();
      return probes.signature();
    },
    async scrollThrough(frames) {
      const g = grid();
      if (!g) throw new Error('no devices grid');
      g.scrollTop = 0;
      await afterPaint();
      // The probe's own MutationObserver is off while scrolling: recording every cell's text change of
      // 300 frames cost the page time per frame and left 5-29 MB of records in the memory measured next,
      // none of which the console itself does. Nothing waits for quiet during the scroll.
      observer.disconnect();
      const distance = g.scrollHeight - g.clientHeight;
      const deltas: number[] = [];
      const start = performance.now();
      await new Promise<void>((resolve) => {
        let last: number | null = null;
        let frame = 0;
        const step = (ts: number) => {
          if (last !== null) deltas.push(ts - last);
          last = ts;
          frame += 1;
          g.scrollTop = Math.round((distance * frame) / frames);
          if (frame <= frames) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      });
      // The last frame's rows, painted.
      await afterPaint();
      const end = performance.now();
      observe();
      lastMutation = end;
      const lastRow = g.querySelector(`[role="row"][aria-rowindex="${g.getAttribute('aria-rowcount')}"]`);
      return { deltas, start, end, reachedEnd: lastRow !== null };
    },
    pending: null,
    arm(target, timeoutMs) {
      probes.inputAt = null;
      probes.pending = probes.paintedWhen(target, timeoutMs);
      probes.pending.catch(() => undefined); // read by armed(); never an unhandled rejection meanwhile
    },
    async armed() {
      if (!probes.pending) throw new Error('nothing armed');
      const paintedAt = await probes.pending;
      probes.pending = null;
      if (probes.inputAt === null) throw new Error('no keydown or mousedown reached the page');
      return paintedAt - probes.inputAt;
    },
    armSettled(quietMs, timeoutMs) {
      probes.inputAt = null;
      const deadline = performance.now() + timeoutMs;
      let shown = probes.signature();
      let changedAt: number | null = null;
      let paintedAt = 0;
      probes.pending = new Promise((resolve, reject) => {
        const check = (now: number) => {
          const signature = probes.signature();
          if (signature !== shown) {
            shown = signature;
            changedAt = now;
            const channel = new MessageChannel();
            channel.port1.onmessage = () => (paintedAt = performance.now());
            channel.port2.postMessage(null);
          }
          if (changedAt !== null && now - changedAt >= quietMs && paintedAt > 0) resolve(paintedAt);
          else if (performance.now() > deadline)
            reject(new Error(`the grid did not settle; it shows ${shown}`));
          else requestAnimationFrame(check);
        };
        requestAnimationFrame(check);
      });
      probes.pending.catch(() => undefined);
    },
    maxLongTask(from, to) {
      let max = 0;
      for (const t of probes.longTasks) {
        if (t.start + t.duration >= from && t.start <= to) max = Math.max(max, t.duration);
      }
      return max;
    },
  };
  window.__bench = probes;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      probes.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  const onInput = (e: Event) => {
    probes.inputAt = e.timeStamp;
  };
  window.addEventListener('keydown', onInput, { capture: true });
  window.addEventListener('mousedown', onInput, { capture: true });
  const observer = new MutationObserver(() => {
    lastMutation = performance.now();
    if (probes.firstRowsAt === null && document.querySelector('[role="grid"] .grid-body [role="row"]')) {
      probes.firstRowsAt = -1; // found; the time is taken once the frame has been painted
      void afterPaint().then((t) => (probes.firstRowsAt = performance.timeOrigin + t));
    }
  });
  const observe = () =>
    observer.observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });
}
