import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KUREL_API_VERSION } from '../../src/plugin-api/version.js';
import { kurelIn, repo, scratchFolder } from './support.js';

// `kurel schemas --format html` and `kurel explain --format html|mermaid`, run as a user would.

describe('kurel schemas --format html', () => {
  const scratch = scratchFolder('kurel-site-');

  it('writes the site with the organisation plugin the config names, and every example built', () => {
    const site = join(scratch.dir, 'site');
    const result = kurelIn(join(repo, 'examples/redis-sidecar'), ['schemas', '--format', 'html', '-o', site]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^wrote \d+ files to /);
    const index = readFileSync(join(site, 'index.html'), 'utf8');
    expect(index).toContain('<a href="traits/redis-sidecar.html">redis-sidecar</a>');
    expect(index).toContain('the organisation plugins <code>@example/kurel-plugin-redis-sidecar</code>');
    const trait = readFileSync(join(site, 'traits/redis-sidecar.html'), 'utf8');
    expect(trait).toMatch(/<dt>Comes from<\/dt><dd>organisation plugin <code>@example\/kurel-plugin-redis-sidecar<\/code>/);
    const webservice = readFileSync(join(site, 'components/webservice.html'), 'utf8');
    expect(webservice).toMatch(/<dt>Comes from<\/dt><dd>built-in/);
    // The example's manifests, built when the site was written.
    expect(webservice).toMatch(/<h3>The manifests it builds to<\/h3><pre tabindex="0"><code>[^<]*kind: Deployment/);
    expect(webservice).toContain('<details');
    const documents = readFileSync(join(site, 'assets/search-documents.js'), 'utf8');
    expect(documents).toMatch(/^window\.kurelSearchDocuments = \[/);
    expect(documents).toContain('"type":"redis-sidecar"');
    expect(readFileSync(join(site, 'assets/minisearch.js'), 'utf8')).toContain('MiniSearch');
    for (const folder of ['components', 'traits', 'policies']) expect(readdirSync(join(site, folder)).every((name) => name.endsWith('.html'))).toBe(true);
  });

  it('refuses --format html without a folder to write', () => {
    const result = kurelIn(scratch.dir, ['schemas', '--format', 'html']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('--format html writes a site: name its folder with -o DIR');
  });

  it('refuses to publish a type whose example does not build, naming plugin and type, and writes nothing', () => {
    const dir = join(scratch.dir, 'broken');
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'plugin.mjs'),
      `export default {
  meta: { name: 'acme-broken', version: '1.0.0', kurelApi: '^${KUREL_API_VERSION}' },
  components: [{ type: 'broken', description: 'Refuses its own example.', properties: { size: { type: 'integer' } }, example: { size: 'large' },
    render() { return { objects: [] }; } }],
};
`,
    );
    writeFileSync(join(dir, '.kurelrc.json'), JSON.stringify({ plugins: ['./plugin.mjs'] }));
    const result = kurelIn(dir, ['schemas', '--format', 'html', '-o', 'site']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('plugin "acme-broken": the example of component type "broken" does not build');
    expect(result.stderr).toContain('properties.size');
    expect(existsSync(join(dir, 'site'))).toBe(false);
  });
});

describe('kurel explain --format html and mermaid', () => {
  const shop = ['explain', 'examples/shop/app.yaml', '--profile', 'examples/shop/profiles/prod.yaml'];

  it('prints the chain of examples/shop as a Mermaid flowchart, one node per object', () => {
    const result = kurelIn(repo, [...shop, '--format', 'mermaid']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('flowchart LR');
    const explained = JSON.parse(kurelIn(repo, [...shop, '--json']).stdout) as { components: Array<{ objects: unknown[] }> };
    const objects = explained.components.reduce((sum, chain) => sum + chain.objects.length, 0);
    expect(result.stdout.match(/:::object$/gm)).toHaveLength(objects);
  });

  it('prints one self-contained page', () => {
    const result = kurelIn(repo, [...shop, '--format', 'html']);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^<!doctype html>/);
    expect(result.stdout).toContain('<svg');
    expect(result.stdout).not.toMatch(/<script[^>]+src=|<link[^>]+href=/);
  });

  it('refuses to draw a layout tree', () => {
    const result = kurelIn(repo, [...shop, '--format', 'html', '--layout', 'flux']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('--format html draws the lowering chain: give it without --layout');
  });
});
