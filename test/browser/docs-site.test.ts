import { mkdirSync, readdirSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from '../e2e/support.js';
import { browserUnavailable, launchChromium } from './support.js';

// The published site and the explain page of examples/shop, opened from file:// in Chromium.

const unavailable = browserUnavailable();
if (unavailable) console.log(unavailable);

const screenshots = join(repo, 'test-results/screenshots');
const axeScript = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

describe.skipIf(unavailable !== undefined)('the HTML docs in a browser', () => {
  const scratch = scratchFolder('kurel-browser-');
  let browser: BrowserContext;
  let site = '';
  let explainFile = '';
  let explained: { components: Array<{ steps: unknown[]; objects: unknown[] }>; policies: Array<{ steps: unknown[] }> };

  beforeAll(async () => {
    site = join(scratch.dir, 'site');
    const built = kurelIn(repo, ['schemas', '--format', 'html', '-o', site]);
    expect(built.status, built.stderr).toBe(0);
    const shop = ['explain', 'examples/shop/app.yaml', '--profile', 'examples/shop/profiles/prod.yaml'];
    const page = kurelIn(repo, [...shop, '--format', 'html']);
    expect(page.status, page.stderr).toBe(0);
    explainFile = join(scratch.dir, 'shop-explain.html');
    writeFileSync(explainFile, page.stdout);
    explained = JSON.parse(kurelIn(repo, [...shop, '--json']).stdout);
    mkdirSync(screenshots, { recursive: true });
    browser = await launchChromium(join(scratch.dir, 'profile'));
  });
  afterAll(async () => browser?.close());

  /** A page that records every console error and uncaught exception it meets. */
  async function openPage(): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    return { page, errors };
  }

  it('opens the index interactive, and its search finds webservice and opens its page', async () => {
    const { page, errors } = await openPage();
    await page.goto(pathToFileURL(join(site, 'index.html')).href);
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
      return { interactive: navigation.domInteractive, loaded: navigation.loadEventEnd };
    });
    // The search is usable once its index is built: the first query's answer marks the page interactive.
    const started = Date.now();
    await page.fill('#search', 'webservice');
    const hit = page.locator('#results a', { hasText: /^webservice$/ });
    await hit.first().waitFor();
    console.log(`first page interactive: domInteractive ${timing.interactive.toFixed(0)} ms, load ${timing.loaded.toFixed(0)} ms, first search answered ${Date.now() - started} ms after typing`);
    await page.screenshot({ path: join(screenshots, 'search-webservice.png'), fullPage: false });
    await hit.first().click();
    await page.waitForURL(/components\/webservice\.html$/);
    expect(await page.locator('h1').innerText()).toMatch(/^webservice/);
    await page.screenshot({ path: join(screenshots, 'webservice-page.png'), fullPage: false });
    expect(errors).toEqual([]);
  });

  it('resolves every link on every page, with no console error', async () => {
    const { page, errors } = await openPage();
    const broken: string[] = [];
    const pages = htmlFiles(site);
    expect(pages.length).toBeGreaterThan(100);
    for (const file of pages) {
      await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
      const links = await page.evaluate(() => [...document.querySelectorAll('a[href]')].map((link) => ({ href: (link as HTMLAnchorElement).href, raw: link.getAttribute('href')! })));
      const ids = new Set(await page.evaluate(() => [...document.querySelectorAll('[id]')].map((element) => element.id)));
      for (const { href, raw } of links) {
        const url = new URL(href);
        if (url.protocol !== 'file:') {
          broken.push(`${relative(site, file)}: ${raw} leaves the site`);
          continue;
        }
        const target = fileURLToPath(url);
        if (!existsSync(target)) broken.push(`${relative(site, file)}: ${raw} names no file`);
        else if (raw.startsWith('#') && !ids.has(decodeURIComponent(url.hash.slice(1)))) broken.push(`${relative(site, file)}: ${raw} names no element`);
      }
    }
    expect(broken).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('draws the explain graph of examples/shop with one node per object and per rule', async () => {
    const { page, errors } = await openPage();
    await page.goto(pathToFileURL(explainFile).href);
    const objects = explained.components.reduce((sum, chain) => sum + chain.objects.length, 0);
    const rules = [...explained.components, ...explained.policies].reduce((sum, chain) => sum + chain.steps.length, 0);
    expect(objects).toBeGreaterThan(5);
    expect(await page.locator('svg a.node[data-kind="object"]').count()).toBe(objects);
    expect(await page.locator('svg a.node[data-kind="rule"]').count()).toBe(rules);
    // Every object's entry names what produced it, by a link to it on the page.
    const producers = await page.locator('#h-object + ul > li', { hasText: 'produced by' }).count();
    expect(producers).toBe(objects);
    // In each picture, no two nodes overlap: the layout placed every box apart.
    const pictures = await page.locator('svg').evaluateAll((svgs) =>
      svgs.map((svg) => [...svg.querySelectorAll('a.node rect')].map((rect) => (rect as SVGRectElement).getBBox()).map(({ x, y, width, height }) => ({ x, y, width, height }))),
    );
    expect(pictures.length).toBe(2);
    for (const boxes of pictures) {
      const overlapping = boxes.filter((a, i) => boxes.some((b, j) => j > i && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height));
      expect(overlapping).toEqual([]);
    }
    await page.screenshot({ path: join(screenshots, 'explain-shop.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('passes axe-core with no serious or critical issue', async () => {
    const { page } = await openPage();
    const shape = readdirSync(join(site, 'shapes'))[0];
    const pages = [join(site, 'index.html'), join(site, 'components/webservice.html'), join(site, 'traits/expose.html'), join(site, 'policies/placement.html'), join(site, 'shapes', shape), explainFile];
    const problems: string[] = [];
    for (const file of pages) {
      await page.goto(pathToFileURL(file).href);
      await page.addScriptTag({ path: axeScript });
      const violations = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: () => Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> } }).axe.run();
        return result.violations.map(({ id, impact, nodes }) => ({ id, impact, count: nodes.length }));
      });
      for (const violation of violations) if (violation.impact === 'serious' || violation.impact === 'critical') problems.push(`${relative(scratch.dir, file)}: ${violation.id} (${violation.impact}, ${violation.count} elements)`);
    }
    expect(problems).toEqual([]);
  });
});

function htmlFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}
