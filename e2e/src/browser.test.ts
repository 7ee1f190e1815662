import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath, disabledFeatures, launchBrowser } from './harness';

// The --disable-features switches a running Chromium was started with, as chrome://version shows them.
async function disableFeatureSwitches(browser: Browser): Promise<string[][]> {
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const line = (await page.locator('#command_line').textContent()) ?? '';
    return [...line.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1].split(','));
  } finally {
    await browser.close();
  }
}

describe('the browser the tests and benchmarks drive', () => {
  it("keeps every feature playwright-core turns off, and turns off the omnibox popup's WebUI", async () => {
    const [playwrights] = await disableFeatureSwitches(
      await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox'] }),
    );
    const ours = await disableFeatureSwitches(await launchBrowser());
    // Chromium reads the last switch only: that one must hold them all.
    const last = ours.at(-1) ?? [];
    assert.deepEqual(
      playwrights.filter((feature) => !last.includes(feature)),
      [],
      'features playwright-core turns off that the harness list lost: add them to disabledFeatures',
    );
    assert.ok(last.includes('WebUIOmniboxPopup') && last.includes('WebUIOmniboxAimPopup'));
    assert.deepEqual(new Set(last), new Set([...playwrights, ...disabledFeatures]));
  });
});
