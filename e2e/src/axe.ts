// axe-core in the page under test: the accessibility scan the browser tests share.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// The serious and critical violations axe-core finds on the page as it is (WCAG 2 A and AA rules).
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's driver rather than added as an inline script, which the page's content security
  // policy rightly refuses.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string;
              nodes: Array<{ target: string[]; failureSummary: string }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.nodes
            .map((node) => `${node.target.join(' ')} (${node.failureSummary.replace(/\s+/g, ' ').slice(0, 160)})`)
            .slice(0, 4)
            .join('; ')}`,
      );
  });
  return found;
}
