// axe-core's serious and critical findings on the page as it is now, for every spec that audits.
//
// axe runs in the page itself, injected once per document: @axe-core/playwright evaluated its 580 kB
// script twice per audit (a third of an audit's time), and its default (runPartial, then finishRun in a
// new blank page that loads axe again) is for pages with cross-origin frames, which the console has none
// of. Only violations are asked for, so axe builds selectors for those alone (with colour contrast on
// every text node, the selectors of passes were a fifth of an audit's time).
import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1 A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const CONTRAST = 'color-contrast';
/**
 * The rules whose outcome depends on colours alone. A second theme that changes nothing but colours (the
 * console's dark theme only sets color-scheme, which light-dark() reads) is audited with these: every
 * other rule sees the same DOM, and its findings were already asked for in the first theme.
 */
export const COLOUR_RULES = [CONTRAST, 'link-in-text-block'];

export interface AxeScope {
  /** Audit only this part of the page (CSS selector), every rule. */
  only?: string;
  /**
   * What the last step opened (a dialog, a menu, a panel, a toast; CSS selector): colour contrast is
   * measured there only, every other rule on the whole page. Contrast walks every text node (half of an
   * audit's time) and the page behind what opened is the screen an earlier audit measured; the other
   * rules must see the whole page (a modal leaves nothing focusable behind it, a menu adds no banner).
   */
  contrastWithin?: string;
  /** Only these rules (COLOUR_RULES for a theme that changes colours alone); with contrastWithin, there. */
  rules?: string[];
}

/** Serious and critical violations: rule, impact, count and up to three places with why. */
export async function axeFindings(page: Page, where: string, scope: AxeScope = {}): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const run = async (context: string, options: axe.RunOptions) => {
    // A selector that matched nothing would audit nothing and pass.
    expect(await page.locator(context).count(), `${where}: ${context} is on the page`).toBeGreaterThan(0);
    const results = await page.evaluate(
      ({ context, options }) =>
        (window as unknown as { axe: typeof axe }).axe.run(context, {
          ...options,
          resultTypes: ['violations'],
        }),
      { context, options },
    );
    return results.violations;
  };
  const tags: axe.RunOptions = { runOnly: { type: 'tag', values: AXE_TAGS } };
  const violations = scope.rules
    ? await run(scope.contrastWithin ?? scope.only ?? 'html', {
        runOnly: { type: 'rule', values: scope.rules },
      })
    : scope.contrastWithin
      ? [
          ...(await run(scope.only ?? 'html', { ...tags, rules: { [CONTRAST]: { enabled: false } } })),
          ...(await run(scope.contrastWithin, { runOnly: { type: 'rule', values: [CONTRAST] } })),
        ]
      : await run(scope.only ?? 'html', tags);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) × ${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join(' | ')}`,
    );
}
