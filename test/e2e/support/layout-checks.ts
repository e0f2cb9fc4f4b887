// Layout faults a person would see, found from the page's boxes rather than by eye: text cut off inside its
// box, controls that overlap one another, and controls a user cannot reach because they lie outside the
// window. The pseudo-locale walk, the reflow walks and the screenshot matrix all judge a screen with these.

import type { Locator, Page } from '@playwright/test';

/** What a person reads as a control or a heading: the console's own words, not the service's data. */
export const CHROME_TEXT =
  'button:not(.session-list button):not([role="treeitem"] button):not(.view-button):not(.account-button), h1, h2, h3, label, legend, th:not([scope="row"]), [role="columnheader"], nav a, summary, .hint';

/** Interactive elements: every one must be wholly inside the window and free of the others. */
export const CONTROLS =
  'button, a[href], input, select, textarea, [role="button"], [role="link"], [role="tab"], [role="checkbox"], [role="combobox"], [role="searchbox"]';

/**
 * Elements whose text is wider than their box and not deliberately ellipsised ("Beliebiger Verlau").
 * Rows of the device grid are skipped: their cells ellipsise the service's data by design.
 */
export async function cutText(page: Page, selector = CHROME_TEXT): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.offsetParent === null || el.closest('[role="grid"] [role="row"]:not(:first-child)')) continue;
      const text = el.innerText.trim();
      if (!/\p{L}/u.test(text)) continue;
      const style = getComputedStyle(el);
      const wider = el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'auto';
      const taller = el.scrollHeight > el.clientHeight + 1 && /hidden|clip/.test(style.overflowY);
      if (style.textOverflow !== 'ellipsis' && (wider || taller))
        out.push(`${el.tagName.toLowerCase()}.${el.className}: "${text.slice(0, 50)}"`);
    }
    return out;
  }, selector);
}

/**
 * `selector` limited to what lies inside `scope`: while a modal dialog or a popover is open, what is behind
 * its backdrop or under it is covered on purpose, so only the overlay's own controls are judged.
 */
export function within(scope: string, selector = CONTROLS): string {
  return `${scope} :is(${selector})`;
}

/**
 * As `overlaps` and `outsideWindow` together, judged on what a person sees: each control's box is first cut
 * to its scrolling and clipping ancestors (a grid that scrolls sideways holds column headers beyond its
 * edge, hidden until scrolled to, not lying under the pane beside it). Controls scrolled wholly out of
 * view are not judged; what shows of the others must not overlap, be covered, or leave the window.
 */
export async function overlapsInView(page: Page, selector = CONTROLS): Promise<string[]> {
  return page.evaluate((sel) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 30)}]`;
    const shown = (el: HTMLElement) => {
      const r = el.getBoundingClientRect();
      let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (!/auto|scroll|hidden|clip/.test(s.overflowX + s.overflowY)) continue;
        const c = p.getBoundingClientRect();
        [left, top, right, bottom] = [
          Math.max(left, c.left),
          Math.max(top, c.top),
          Math.min(right, c.right),
          Math.min(bottom, c.bottom),
        ];
      }
      return { left, top, right, bottom };
    };
    const boxes = [...document.querySelectorAll<HTMLElement>(sel)]
      .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === 'fixed')
      .map((el) => ({ el, box: shown(el) }))
      .filter(({ box }) => box.right - box.left > 1 && box.bottom - box.top > 1);
    const out: string[] = [];
    for (const { el, box } of boxes) {
      if (box.left < -1 || box.right > innerWidth + 1) out.push(`${name(el)} is outside the window`);
      const x = Math.min(Math.max((box.left + box.right) / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max((box.top + box.bottom) / 2, 0), innerHeight - 1);
      if (box.bottom < 0 || box.top > innerHeight) continue;
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top) && !top.contains(el))
        out.push(`${name(el)} is covered by ${name(top)}`);
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (w > 1 && h > 1) out.push(`${name(a.el)} overlaps ${name(b.el)}`);
      }
    return out;
  }, selector);
}

/**
 * Choices (labels holding a radio button or a checkbox) on one line with less than `minGap` pixels between
 * them: a label's last word then runs into the next choice's box and reads as one ("verschieben◯Aus").
 */
export async function crowdedChoices(page: Page, minGap = 8): Promise<string[]> {
  return page.evaluate((gap) => {
    const labels = [
      ...document.querySelectorAll<HTMLElement>(
        'label:has(> input[type="radio"]), label:has(> input[type="checkbox"])',
      ),
    ].filter((el) => el.offsetParent !== null);
    const out: string[] = [];
    for (const a of labels)
      for (const b of labels) {
        if (a === b) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const sameLine = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top) > 1;
        const space = rb.left - ra.right;
        if (sameLine && space >= -1 && space < gap)
          out.push(`"${a.innerText.trim().slice(0, 30)}" runs into "${b.innerText.trim().slice(0, 30)}"`);
      }
    return out;
  }, minGap);
}

/**
 * Pairs of visible controls whose boxes overlap by more than a pixel each way, and the element drawn on top
 * at the first one's centre when it is not the control itself (something covers it: a status bar, a pane).
 * Controls inside a scrolled-away part of a scroll container are not judged: a user scrolls to them.
 */
export async function overlaps(page: Page, selector = CONTROLS): Promise<string[]> {
  return page.evaluate((sel) => {
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().slice(0, 30)}]`;
    const visible = [...document.querySelectorAll<HTMLElement>(sel)].filter((el) => {
      if (el.offsetParent === null && getComputedStyle(el).position !== 'fixed') return false;
      const r = el.getBoundingClientRect();
      return (
        r.width > 0 &&
        r.height > 0 &&
        r.bottom > 0 &&
        r.right > 0 &&
        r.top < innerHeight &&
        r.left < innerWidth
      );
    });
    const out: string[] = [];
    for (const el of visible) {
      const r = el.getBoundingClientRect();
      const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
      const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      if (top && top !== el && !el.contains(top) && !top.contains(el)) {
        // A scroll container clips its children; what shows at the centre then is the container's sibling.
        const clipped = (() => {
          for (let p = el.parentElement; p; p = p.parentElement) {
            const s = getComputedStyle(p);
            if (!/auto|scroll|hidden/.test(s.overflowY + s.overflowX)) continue;
            const pr = p.getBoundingClientRect();
            if (y < pr.top || y > pr.bottom || x < pr.left || x > pr.right) return true;
          }
          return false;
        })();
        if (!clipped) out.push(`${name(el)} is covered by ${name(top)}`);
      }
    }
    for (let i = 0; i < visible.length; i++)
      for (let j = i + 1; j < visible.length; j++) {
        const a = visible[i]!;
        const b = visible[j]!;
        if (a.contains(b) || b.contains(a)) continue;
        const ra = a.getBoundingClientRect();
        const rb = b.getBoundingClientRect();
        const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
        const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
        if (w > 1 && h > 1) out.push(`${name(a)} overlaps ${name(b)}`);
      }
    return out;
  }, selector);
}

/** Controls that stick out of the window sideways (nothing scrolls the page sideways to reach them). */
export async function outsideWindow(page: Page, selector = CONTROLS): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.offsetParent === null) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      if (r.left < -1 || r.right > innerWidth + 1)
        out.push(
          `${el.tagName.toLowerCase()}[${(el.getAttribute('aria-label') ?? el.innerText).trim().slice(0, 30)}]`,
        );
    }
    return out;
  }, selector);
}

/**
 * Text cut short in lists that must show all of it (a session's start time and code, a user's address):
 * wider or taller than its box, ellipsis or not. `cutText` forgives a deliberate ellipsis; these must not.
 */
export async function clippedText(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(sel)) {
      if (el.offsetParent === null) continue;
      const text = el.innerText.trim();
      if (!text) continue;
      if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        out.push(`${el.tagName.toLowerCase()}.${el.className}: "${text.slice(0, 50)}"`);
    }
    return out;
  }, selector);
}

/**
 * The controls selector without those inside `container`: what to judge while an overlay that covers the
 * container on purpose (a detail pane over the grid, closed by its own button) is open.
 */
export function controlsOutside(container: string, selector = CONTROLS): string {
  return selector
    .split(',')
    .map((s) => `${s.trim()}:not(${container} *)`)
    .join(', ');
}

/**
 * How many of the device grid's body rows are wholly in view: inside the grid's own scrolled box (less its
 * sticky header) and inside the window. Scrolls the grid into view first, as a user would.
 */
export async function gridRowsInView(page: Page): Promise<number> {
  await page.getByRole('grid', { name: 'Devices' }).scrollIntoViewIfNeeded();
  return page.evaluate(() => {
    const grid = document.querySelector<HTMLElement>('[role="grid"]');
    if (!grid) return 0;
    const box = grid.getBoundingClientRect();
    const head = grid.querySelector('[role="row"]')?.getBoundingClientRect().bottom ?? box.top;
    const top = Math.max(head, 0);
    const bottom = Math.min(box.top + grid.clientHeight, innerHeight);
    return [...grid.querySelectorAll('.grid-body [role="row"]')].filter((row) => {
      const r = row.getBoundingClientRect();
      return r.top >= top - 1 && r.bottom <= bottom + 1;
    }).length;
  });
}

/**
 * Whether one element's own text is cut, an ellipsis included: for the console's words in a place that
 * ellipsises the service's data (the folder tree's "All devices" beside the folders' names).
 */
export async function isCut(target: Locator): Promise<boolean> {
  return target.evaluate(
    (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
  );
}

/**
 * How far the focus ring of `target` (its outline, drawn `outline-offset` from the border box) lies over
 * its own text, in CSS pixels (0: clear of it). Call it with the element focused; it throws when no ring
 * is drawn, so the check cannot pass on a missing ring.
 */
export async function focusRingOverText(target: Locator): Promise<number> {
  return target.evaluate((el) => {
    const style = getComputedStyle(el);
    const width = parseFloat(style.outlineWidth);
    if (style.outlineStyle === 'none' || !(width > 0)) throw new Error('no focus ring is drawn');
    const offset = parseFloat(style.outlineOffset) || 0;
    const box = el.getBoundingClientRect();
    // The ring's inner edge: the border box grown by the offset (shrunk when it is negative).
    const inner = {
      left: box.left - offset,
      top: box.top - offset,
      right: box.right + offset,
      bottom: box.bottom + offset,
    };
    let over = 0;
    const range = document.createRange();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      over = Math.max(
        over,
        inner.left - text.left,
        text.right - inner.right,
        inner.top - text.top,
        text.bottom - inner.bottom,
      );
    }
    return over;
  });
}

/** Whether an input's placeholder is wider than the room inside it (measured in the input's own font). */
export async function placeholderCut(input: Locator): Promise<boolean> {
  return input.evaluate((el) => {
    const field = el as HTMLInputElement;
    const style = getComputedStyle(field);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = style.font;
    const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return room + 1 < context.measureText(field.placeholder).width;
  });
}
