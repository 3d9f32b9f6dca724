import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extractTarGz } from './tar-archive.js';

// `helm template` prints a chart's documents sorted by kind, and skips an object whose hook
// annotation names a hook it does not know. The reference renders through the Helm SDK: every
// template's own output, in the order the template writes it, unknown hooks included. To read
// that output with the helm binary, kurel unpacks the chart into its scratch folder and adds to
// it, and to each subchart, one template that prints every other template's output as it
// renders (through `include`, with `.Template` set as helm sets it), base64-encoded inside one
// document of a kind no cluster has. Only those documents are read from helm's output.

const KIND = 'KurelRenderedTemplate';

export interface RawTemplateChart {
  /** The unpacked chart folder helm renders. */
  folder: string;
  /** The token the added templates' documents carry, so no document of the chart is taken for one. */
  token: string;
}

/** The chart in `archive` unpacked into `scratch` with the added templates; undefined where it is no packaged chart. */
export async function rawTemplateChart(archive: string, scratch: string): Promise<RawTemplateChart | undefined> {
  const into = mkdtempSync(join(scratch, 'chart-'));
  try {
    await extractTarGz(readFileSync(archive), into);
    const tops = readdirSync(into).filter((entry) => existsSync(join(into, entry, 'Chart.yaml')));
    if (tops.length !== 1) throw new Error('not one chart');
    const token = randomBytes(8).toString('hex');
    await addTemplates(join(into, tops[0]), token);
    return { folder: join(into, tops[0]), token };
  } catch {
    // helm reads the archive itself, and says what is wrong with it.
    rmSync(into, { recursive: true, force: true });
    return undefined;
  }
}

async function addTemplates(chart: string, token: string): Promise<void> {
  const subcharts = join(chart, 'charts');
  if (existsSync(subcharts)) {
    for (const entry of readdirSync(subcharts)) {
      if (!entry.endsWith('.tgz')) continue;
      await extractTarGz(readFileSync(join(subcharts, entry)), subcharts);
      rmSync(join(subcharts, entry));
    }
    for (const entry of readdirSync(subcharts)) {
      const folder = join(subcharts, entry);
      if (statSync(folder).isDirectory() && existsSync(join(folder, 'Chart.yaml'))) await addTemplates(folder, token);
    }
  }
  const templates = join(chart, 'templates');
  const files = existsSync(templates) ? templateFiles(templates, '') : [];
  mkdirSync(templates, { recursive: true });
  writeFileSync(join(templates, `zz-kurel-raw-${token}.yaml`), printer(files, token));
}

/** The templates helm renders and prints: every file under templates/ but partials and NOTES. */
function templateFiles(folder: string, under: string): string[] {
  return readdirSync(folder).flatMap((entry) => {
    const path = join(folder, entry);
    const relative = under ? `${under}/${entry}` : entry;
    if (statSync(path).isDirectory()) return templateFiles(path, relative);
    return entry.startsWith('_') || entry.endsWith('NOTES.txt') ? [] : [relative];
  });
}

function printer(files: string[], token: string): string {
  const list = files.map((file) => JSON.stringify(file)).join(' ');
  return [
    // `helm template` renders as release revision 1 and has no flag for it; the reference renders
    // with the revision unset (0). .Release is a map every template shares, so it is set here.
    '{{- $_ := set $.Release "Revision" 0 }}',
    '{{- $base := $.Template.BasePath }}',
    `{{- range $file := list ${list} }}`,
    '{{- $name := printf "%s/%s" $base $file }}',
    '{{- $_ := set $ "Template" (dict "Name" $name "BasePath" $base) }}',
    '---',
    'apiVersion: kurel.invalid/v1',
    `kind: ${KIND}`,
    `metadata: {name: raw-${token}}`,
    `template-${token}: {{ $name | b64enc }}`,
    `text-${token}: {{ include $name $ | b64enc }}`,
    '{{- end }}',
    '',
  ].join('\n');
}

/**
 * What the added templates printed, as `helm template` would print it had it neither sorted nor
 * skipped anything: each document of each template after a `# Source:` line naming it.
 */
export function rawTemplateOutput(helmOutput: string, token: string): string {
  const entries = new RegExp(`^template-${token}: ([A-Za-z0-9+/=]*)\\s*\\ntext-${token}: ([A-Za-z0-9+/=]*)\\s*$`, 'gm');
  const out: string[] = [];
  for (const [, template, text] of helmOutput.matchAll(entries)) {
    const name = Buffer.from(template, 'base64').toString('utf8');
    // helm blanks "<no value>" in what a template prints; the text went through base64 untouched.
    const rendered = Buffer.from(text, 'base64').toString('utf8').replaceAll('<no value>', '');
    for (const document of rendered.split(/^---[ \t]*$/m)) {
      if (document.trim() === '') continue;
      out.push(`---\n# Source: ${name}\n${document.replace(/^\n+/, '')}${document.endsWith('\n') ? '' : '\n'}`);
    }
  }
  return out.join('');
}
