import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rawTemplateChart, rawTemplateOutput } from '../../../src/host/charts/raw-templates.js';
import { extractTarGz } from '../../../src/host/charts/tar-archive.js';

const scratch = mkdtempSync(join(tmpdir(), 'kurel-raw-templates-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const entry = (token: string, template: string, text: string) =>
  `---\n# Source: c/templates/zz-kurel-raw-${token}.yaml\napiVersion: kurel.invalid/v1\nkind: KurelRenderedTemplate\nmetadata: {name: raw-${token}}\ntemplate-${token}: ${Buffer.from(template).toString('base64')}\ntext-${token}: ${Buffer.from(text).toString('base64')}\n`;

describe('the raw template output', () => {
  it("gives each document of each template after a # Source line, blanking helm's <no value>", () => {
    const helmOutput = [
      '---\n# Source: c/templates/web.yaml\napiVersion: v1\nkind: Service\nmetadata: {name: sorted}\n',
      entry('ab12', 'c/templates/web.yaml', 'apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n---\n\n---\napiVersion: v1\nkind: Service\nmetadata: {name: web, annotations: {a: "<no value>"}}'),
      entry('ab12', 'c/templates/empty.yaml', ''),
      entry('other', 'c/templates/x.yaml', 'kind: Ignored\n'),
    ].join('');
    expect(rawTemplateOutput(helmOutput, 'ab12')).toBe(
      '---\n# Source: c/templates/web.yaml\napiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n---\n# Source: c/templates/web.yaml\napiVersion: v1\nkind: Service\nmetadata: {name: web, annotations: {a: ""}}\n',
    );
  });

  it('unpacks a packaged chart, a long path included, and adds the printing template to it and its subcharts', async () => {
    const chart = join(scratch, 'src', 'c');
    const long = `templates/${'deep/'.repeat(25)}x.yaml`;
    for (const [path, text] of Object.entries({ 'Chart.yaml': 'apiVersion: v2\nname: c\nversion: 1.0.0\n', [long]: 'kind: A\n', 'templates/_p.tpl': '', 'templates/NOTES.txt': '', 'charts/s/Chart.yaml': 'apiVersion: v2\nname: s\nversion: 1.0.0\n' })) {
      mkdirSync(join(chart, path, '..'), { recursive: true });
      writeFileSync(join(chart, path), text);
    }
    const archive = join(scratch, 'c.tgz');
    execFileSync('tar', ['-czf', archive, '-C', join(scratch, 'src'), 'c']);
    const unpacked = join(scratch, 'unpacked');
    mkdirSync(unpacked);
    await extractTarGz(readFileSync(archive), unpacked);
    expect(readFileSync(join(unpacked, 'c', long), 'utf8')).toBe('kind: A\n');
    const raw = (await rawTemplateChart(archive, scratch))!;
    const printer = readFileSync(join(raw.folder, 'templates', `zz-kurel-raw-${raw.token}.yaml`), 'utf8');
    expect(printer).toContain(`{{- range $file := list ${JSON.stringify(long.slice('templates/'.length))} }}`);
    expect(printer).not.toContain('_p.tpl');
    expect(printer).not.toContain('NOTES');
    expect(readFileSync(join(raw.folder, 'charts', 's', 'templates', `zz-kurel-raw-${raw.token}.yaml`), 'utf8')).toContain('{{- range $file := list  }}');
  });

  it('leaves an archive that is no packaged chart to helm', async () => {
    writeFileSync(join(scratch, 'plain'), 'archive');
    expect(await rawTemplateChart(join(scratch, 'plain'), scratch)).toBeUndefined();
  });
});
