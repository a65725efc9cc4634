import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The serious and critical axe violations of a page (or of the part `scope` narrows the scan
 * to), one line each with the elements they were found on: the bar every screen is held to.
 */
export async function seriousViolations(
  page: Page,
  scope: (builder: AxeBuilder) => AxeBuilder = (builder) => builder,
): Promise<string[]> {
  const results = await scope(new AxeBuilder({ page })).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
