import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core in the page; the serious and critical violations (issue 4: none allowed on the main screens). */
export async function seriousViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Entrance animations fade cards in: axe must judge the colours they end with, as a reader sees them.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Evaluated by the browser's debugging protocol, not added as an inline <script>: the page's
  // Content-Security-Policy (no inline script, issue 12) rightly refuses the latter.
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async (context) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<any> } }).axe;
    return axe.run(context ?? document, { resultTypes: ['violations'] });
  }, selector ?? null);
  return (result.violations as any[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes
        .slice(0, 5)
        .map(
          (node: any) =>
            `${node.target.join(' ')} ${String(node.html).slice(0, 120)} ${node.any?.[0]?.message ?? ''}`,
        ),
    }));
}
