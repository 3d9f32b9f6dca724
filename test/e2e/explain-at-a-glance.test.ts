import { describe, expect, it } from 'vitest';
import { kurelIn, repo } from './support.js';

// kurel explain reads at a glance: types and kinds beside names, the object matched whatever its
// case, the candidates on a miss, generated sources covered, and a legend of its terms.

const explain = (...args: string[]) => kurelIn(repo, ['explain', ...args]);

describe('kurel explain', () => {
  it('shows type/name for what a rule emitted and Kind/name for each object', () => {
    const result = explain('examples/webservice');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('"storefront" -> [deployment/storefront, service/storefront, serviceaccount/storefront]');
    expect(result.stdout).toContain('      Deployment/storefront  in shop, from component "storefront"\n');
  });

  it('ends with a legend of the terms it uses', () => {
    const lines = explain('examples/webservice').stdout.trimEnd().split('\n');
    const legend = lines.slice(lines.indexOf('legend'));
    for (const term of ['rule R (round N)', 'emitted by R', 'trait T -> Kind/name', 'sub-application "s"', 'order']) {
      expect(legend.some((line) => line.startsWith(`  ${term}`)), term).toBe(true);
    }
  });

  it('matches --object whatever the case of kind and name', () => {
    const exact = explain('examples/webservice', '--object', 'Deployment/storefront', '--json');
    const lower = explain('examples/webservice', '--object', 'deployment/STOREFRONT', '--json');
    expect(lower.status, lower.stderr).toBe(0);
    expect(lower.stdout).toBe(exact.stdout);
  });

  it('names the closest object on a near miss, and every object when none is close', () => {
    const near = explain('examples/webservice', '--object', 'Deployment/storefrnt');
    expect(near.status).toBe(1);
    expect(near.stderr).toBe('Error: --object Deployment/storefrnt: the build generates no such object; did you mean "Deployment/storefront"?\n');
    const far = explain('examples/webservice', '--object', 'Secret/zzz');
    expect(far.status).toBe(1);
    expect(far.stderr).toMatch(/^Error: --object Secret\/zzz: the build generates no such object; it generates Deployment\/storefront, Service\/storefront, .*CronJob\/nightly-report/);
  });

  it('covers the source a helm component generates', () => {
    const tree = explain('test/golden/helm-sources/app.yaml');
    const source = /HelmRepository\/(charts-source-[0-9a-f]{10})/.exec(tree.stdout)?.[1];
    expect(source, tree.stdout).toBeDefined();
    const one = explain('test/golden/helm-sources/app.yaml', '--object', `helmrepository/${source}`);
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain(`component "cache" (type helm)`);
    expect(one.stdout).toContain(`      HelmRepository/${source}  in apps, from `);
  });
});
