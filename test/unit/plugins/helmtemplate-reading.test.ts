import { describe, expect, it } from 'vitest';
import { PolicyRefusal } from 'kurel/plugin-api';
import { refusingContext } from '../../support/handler-context.js';
import { decodeChart, type HelmTemplateProperties } from '../../../plugins/builtin-kinds/families/charts/chart-request.js';
import { hookGroupNames, hookPhase, hookWeight, phaseSlug, splitHookGroups } from '../../../plugins/builtin-kinds/families/charts/hook-groups.js';
import { readRendered, splitRendered } from '../../../plugins/builtin-kinds/families/charts/rendered-documents.js';

// The pure readings of helmtemplate: its properties decoded into a render, what helm printed read
// back as the reference reads a rendered chart, and the hook groups.

const repo = 'https://charts.example.com';
const decode = (properties: Partial<HelmTemplateProperties>, name = 'db') => decodeChart({ source: { url: repo }, chart: 'pg', ...properties } as HelmTemplateProperties, name, 'shop');
const problem = (properties: Partial<HelmTemplateProperties>) => {
  const decoded = decode(properties);
  if (!('problem' in decoded)) throw new Error('expected a refusal');
  return decoded.problem;
};

describe('helmtemplate properties', () => {
  it('infers the source kind from the scheme and keeps chart, version, release and namespace', () => {
    expect(decode({ version: '1.0.0' })).toEqual({ request: { source: { url: repo, kind: 'HelmRepository' }, chart: 'pg', version: '1.0.0', release: 'db', namespace: 'shop', values: {} } });
    const oci = decodeChart({ source: { url: 'oci://ghcr.io/acme/charts/pg' }, version: '2.0.0' }, 'db', 'shop');
    expect(oci).toMatchObject({ request: { source: { kind: 'OCIRepository', url: 'oci://ghcr.io/acme/charts/pg' }, version: '2.0.0' } });
  });

  it('reads a path or a file:// url as a chart on disk, kept as written for the host to resolve', () => {
    for (const url of ['./chart', 'charts/app', '../library/app-1.0.0.tgz', 'file://./chart', 'file:///charts/app-1.0.0.tgz', '/abs/chart']) {
      expect(decodeChart({ source: { url } }, 'db', 'shop')).toEqual({ request: { source: { url, kind: 'LocalChart' }, release: 'db', namespace: 'shop', values: {} } });
    }
    expect(decodeChart({ source: { url: './chart', kind: 'LocalChart' }, version: '1.2.0' }, 'db', 'shop')).toMatchObject({ request: { version: '1.2.0' } });
  });

  it.each<[string, Partial<HelmTemplateProperties>, string, (string | number)[]]>([
    ['a user in the url', { source: { url: 'https://bob:pw@charts.example.com' } }, 'helmtemplate: source.url must not carry a user or password; a client-side render takes no credentials', ['source', 'url']],
    ['a user in an oci url', { source: { url: 'oci://bob@ghcr.io/x/pg' }, chart: undefined, version: '1' }, 'helmtemplate: source.url must not carry a user or password; a client-side render takes no credentials', ['source', 'url']],
    ['a kind that disagrees with the scheme', { source: { url: repo, kind: 'OCIRepository' } }, 'helmtemplate: source.kind OCIRepository does not agree with source.url, whose scheme makes it a HelmRepository', ['source', 'kind']],
    ['a HelmRepository that is no http(s) url', { source: { url: 'ftp://charts.example.com' } }, 'helmtemplate: HelmRepository source.url must start with https:// or http://', ['source', 'url']],
    ['a HelmRepository without chart', { chart: undefined }, 'helmtemplate: source.kind HelmRepository requires chart to be specified', ['chart']],
    ['OCI without version', { source: { url: 'oci://ghcr.io/x/pg' }, chart: undefined }, 'helmtemplate: source.kind OCIRepository requires version to be specified', ['version']],
    ['OCI with chart', { source: { url: 'oci://ghcr.io/x/pg' }, version: '1' }, 'helmtemplate: chart is not used with source.kind OCIRepository, whose url names the chart', ['chart']],
    ['an OCI url naming no chart', { source: { url: 'oci://ghcr.io' }, chart: undefined, version: '1' }, 'helmtemplate: source.url of an OCIRepository must name a registry and the chart: oci://<registry>/<path>/<chart>', ['source', 'url']],
    ['a local chart with chart', { source: { url: './chart' }, chart: 'pg' }, 'helmtemplate: chart is not used with a local chart, whose path names it', ['chart']],
    ['a local chart given another kind', { source: { url: './chart', kind: 'HelmRepository' }, chart: undefined }, 'helmtemplate: source.kind HelmRepository does not agree with source.url, whose scheme makes it a LocalChart (a chart on disk)', ['source', 'kind']],
    ['a file:// url naming nothing', { source: { url: 'file://' }, chart: undefined }, 'helmtemplate: source.url names no chart: give a chart folder or .tgz, as ./chart or file://./chart', ['source', 'url']],
    ['a release name Helm refuses', { releaseName: 'Not_Valid' }, 'helmtemplate: releaseName "Not_Valid" must be a DNS-1123 subdomain of at most 53 characters, as a Helm release name is', ['releaseName']],
    ['a path in both values and secretValues', { values: { db: { password: 'a' } }, secretValues: { db: { password: 'b' } } }, 'helmtemplate: db.password is set in both values and secretValues; a path may be set in only one of them', ['secretValues', 'db', 'password']],
    ['a nested global in secretValues', { secretValues: { sub: { global: { token: 'x' } } } }, 'helmtemplate: secretValues.sub.global: a key named global below the top level is refused, since Helm can print its value in a warning; move it to values', ['secretValues', 'sub', 'global']],
  ])('refuses %s', (_, properties, message, path) => {
    expect(problem(properties)).toEqual({ message, path });
  });

  it('never quotes a credential it refuses', () => {
    expect(problem({ source: { url: 'https://bob:hunter2@charts.example.com' } }).message).not.toContain('hunter2');
  });

  it('shortens a long component name into the release name the Flux way', () => {
    const name = 'a'.repeat(60);
    const decoded = decode({}, name);
    expect('request' in decoded && decoded.request.release).toMatch(/^a{40}-[0-9a-f]{12}$/);
  });

  it('merges secretValues over values and keeps the values without them for a failed render', () => {
    const decoded = decode({ values: { db: { host: 'pg' }, replicas: 2 }, secretValues: { db: { password: 's3cret' }, global: { token: 't' } } });
    expect(decoded).toMatchObject({ request: { values: { db: { host: 'pg', password: 's3cret' }, replicas: 2, global: { token: 't' } }, withoutSecrets: { db: { host: 'pg' }, replicas: 2 } } });
  });
});

const doc = (source: string, body: string) => `---\n# Source: ${source}\n${body}\n`;
const cm = (name: string, annotations = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${annotations}`;
const hook = (phase: string, weight?: string) => `  annotations:\n    helm.sh/hook: "${phase}"\n${weight === undefined ? '' : `    helm.sh/hook-weight: "${weight}"\n`}`;

describe('reading what helm rendered', () => {
  it('orders documents by template path, keeping document order within a template, skipping empty ones', () => {
    const text = doc('c/templates/z.yaml', cm('z1')) + doc('c/templates/a.yaml', cm('a1')) + doc('c/templates/z.yaml', cm('z2')) + doc('c/templates/b.yaml', '# only a comment') + doc('c/templates/B.yaml', cm('B1'));
    expect(splitRendered(text).map((entry) => entry.template)).toEqual(['c/templates/B.yaml', 'c/templates/a.yaml', 'c/templates/z.yaml', 'c/templates/z.yaml']);
    expect(readRendered(text, refusingContext()).map((entry) => entry.object.metadata.name)).toEqual(['B1', 'a1', 'z1', 'z2']);
  });

  it('flattens a List into its items, each with the template', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: one}}\n  - {apiVersion: v1, kind: Secret, metadata: {name: two}}`;
    expect(readRendered(doc('c/templates/l.yaml', list), refusingContext()).map((entry) => [entry.object.kind, entry.template])).toEqual([
      ['ConfigMap', 'c/templates/l.yaml'],
      ['Secret', 'c/templates/l.yaml'],
    ]);
  });

  it('refuses a hook on a List and on a List item', () => {
    const onList = `apiVersion: v1\nkind: List\nmetadata:\n  annotations: {helm.sh/hook: pre-install}\nitems: []`;
    expect(() => readRendered(doc('c/templates/l.yaml', onList), refusingContext())).toThrow('the chart rendered a List with a helm.sh/hook annotation in c/templates/l.yaml');
    const onItem = `apiVersion: v1\nkind: List\nitems:\n  - {apiVersion: v1, kind: ConfigMap, metadata: {name: one, annotations: {helm.sh/hook: test}}}`;
    expect(() => readRendered(doc('c/templates/l.yaml', onItem), refusingContext())).toThrow('a list item with a helm.sh/hook annotation');
  });

  it.each([
    ['a document that is not a map', '- a\n- b', 'a document that is not a map'],
    ['an object with no kind', 'apiVersion: v1\nmetadata: {name: x}', 'no kind'],
    ['an object with no name', 'apiVersion: v1\nkind: ConfigMap\nmetadata: {}', 'ConfigMap with no metadata.name'],
  ])('refuses %s as unreadable-object', (_, body, text) => {
    let caught: unknown;
    try {
      readRendered(doc('c/templates/x.yaml', body), refusingContext());
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PolicyRefusal);
    expect((caught as PolicyRefusal).refusalClass).toBe('unreadable-object');
    expect((caught as Error).message).toContain(text);
  });
});

describe('hook groups', () => {
  it('reads a hook annotation: none, one phase, a comma list by its earliest phase, dropped phases ignored', () => {
    expect(hookPhase(undefined)).toBe('');
    expect(hookPhase('post-install')).toBe('post-install');
    expect(hookPhase('post-upgrade, pre-install')).toBe('pre-install');
    expect(hookPhase('pre-delete,post-upgrade')).toBe('post-upgrade');
    expect(hookPhase('zeta,alpha')).toBe('alpha');
    expect(hookPhase('post-install,zeta')).toBe('post-install');
    for (const dropped of ['pre-delete', 'post-delete', 'pre-rollback', 'post-rollback', 'test', 'test,pre-delete']) expect(hookPhase(dropped)).toBeUndefined();
  });

  it('reads a weight as Go reads an integer, anything else as 0', () => {
    expect([hookWeight('5'), hookWeight('-3'), hookWeight('+2'), hookWeight('1.5'), hookWeight(' 4'), hookWeight('x'), hookWeight(undefined)]).toEqual([5, -3, 2, 0, 0, 0, 0]);
  });

  it('orders groups pre-install, pre-upgrade, no hook, post-install, post-upgrade, the rest alphabetically, then by weight', () => {
    const objects = [
      ['post-upgrade', undefined],
      ['zeta', undefined],
      ['', undefined],
      ['post-install', '2'],
      ['alpha', undefined],
      ['pre-upgrade', undefined],
      ['pre-install', '10'],
      ['pre-install', '-4'],
      ['', '-1'],
      ['post-install', '2'],
    ].map(([phase, weight], index) => ({ template: 't', object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `o${index}`, annotations: { ...(phase ? { 'helm.sh/hook': phase } : {}), ...(weight ? { 'helm.sh/hook-weight': weight } : {}) } } } }));
    const groups = splitHookGroups(objects);
    expect(groups.map((group) => [group.phase, group.weight, group.objects.map((entry) => entry.object.metadata.name)])).toEqual([
      ['pre-install', -4, ['o7']],
      ['pre-install', 10, ['o6']],
      ['pre-upgrade', 0, ['o5']],
      ['', -1, ['o8']],
      ['', 0, ['o2']],
      ['post-install', 2, ['o3', 'o9']],
      ['post-upgrade', 0, ['o0']],
      ['alpha', 0, ['o4']],
      ['zeta', 0, ['o1']],
    ]);
    expect(hookGroupNames(groups, 'shop-db', false)).toEqual([
      'shop-db-00-pre-install',
      'shop-db-01-pre-install',
      'shop-db-02-pre-upgrade',
      'shop-db-03-main',
      'shop-db-04-main',
      'shop-db-05-post-install',
      'shop-db-06-post-upgrade',
      'shop-db-07-alpha',
      'shop-db-08-zeta',
    ]);
  });

  it('slugs a phase: lowercase, runs of other characters as one hyphen, at most 40, unknown when nothing is left', () => {
    expect(phaseSlug('')).toBe('main');
    expect(phaseSlug('Post_Install!!x')).toBe('post-install-x');
    expect(phaseSlug('---')).toBe('unknown');
    expect(phaseSlug('a'.repeat(39) + '-b')).toBe('a'.repeat(39));
  });

  it('shortens a default prefix with the suffix kept whole, and uses a written one as it is', () => {
    const groups = [{ phase: 'post-install', weight: 0, objects: [] }];
    const [name] = hookGroupNames(groups, 'p'.repeat(300), false);
    expect(name).toHaveLength(253);
    expect(name.endsWith('-00-post-install')).toBe(true);
    expect(hookGroupNames(groups, 'p'.repeat(300), true)[0]).toHaveLength(316);
  });
});
