import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { configFlags } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { outputFlag, outputFolder, renderData, reportWritten } from './support/output.js';

export default class Schemas extends KurelCommand {
  static override summary = 'Publish the JSON Schemas and reference docs of every registered type.';
  static override description =
    'Writes components/, traits/ and policies/<type>.schema.json (JSON Schema draft 2020-12), application.schema.json for editors (with a file per type under application/ it refers to), the schemas of kurel\'s other documents (clusterprofile, package for kurel.yaml, capabilitydefinition, environmentset, config), and a Markdown reference under docs/. Plugins listed in the config are included. Without --output, prints every file as one object keyed by path. With --format html, writes a static site instead: an index with search, and a page per type with its properties and its example built to manifests.';

  static override examples = [
    '<%= config.bin %> schemas --output schemas/',
    '<%= config.bin %> schemas --format json > schemas.json',
    '<%= config.bin %> schemas --format html -o site/',
    '<%= config.bin %> schemas webservice',
    '<%= config.bin %> schemas expose --format json',
  ];

  static override args = {
    type: Args.string({ required: false, description: 'a component, trait or policy type: print its reference page (with --format, its JSON Schema) instead of every file' }),
  };

  static override flags = {
    output: outputFlag('folder to write: missing, empty, or an earlier output of the same format, which is replaced whole'),
    format: Flags.option({
      options: ['json', 'yaml', 'html'] as const,
      description: 'json or yaml: print every file as one object keyed by path (json without --output); html: write a static site to --output',
    })(),
    ...configFlags,
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Schemas);
    const [host, engine] = await Promise.all([import('../host/index.js'), import('../engine/index.js')]);
    const output = flags.output === undefined ? undefined : await outputFolder(flags.output);
    if (flags.format === 'html') {
      if (args.type !== undefined) throw engine.kurelErrors.flag(`--format html writes the site of every type: give it without the type "${args.type}" (its page is in the site)`);
      if (output === undefined) throw engine.kurelErrors.flag('--format html writes a site: name its folder with -o DIR');
      const { publishHtmlSite } = await import('./support/site/html-site-command.js');
      const { written } = await publishHtmlSite(output, flags.config);
      reportWritten(`${written} files to ${output}`);
      return;
    }
    if (output !== undefined && flags.format !== undefined) throw engine.kurelErrors.flag(`--format ${flags.format} prints the set: give it without --output, or write the folder without --format`);
    const { registry } = await host.startPluginHost({ searchFrom: process.cwd(), configFile: flags.config });
    const { files } = engine.publishSchemas(registry);
    if (args.type !== undefined) {
      if (output !== undefined) throw engine.kurelErrors.flag(`--output writes every file: give the type "${args.type}" without it`);
      process.stdout.write(typeFiles(files, args.type, flags.format !== undefined, engine));
      return;
    }
    if (output === undefined) {
      process.stdout.write(await renderData(files, flags.format ?? 'json'));
      return;
    }
    const { written } = host.writeOwnedFolder(output, new Map(Object.entries(files)), { kind: 'schemas' });
    reportWritten(`${written} files to ${output}`);
  }
}

const KINDS = ['components', 'traits', 'policies'] as const;

/**
 * The reference page of each kind of type named `type` (its JSON Schema when `schema`), one after
 * the other; an unknown type is refused with the closest names.
 */
function typeFiles(files: Record<string, string>, type: string, schema: boolean, engine: typeof import('../engine/index.js')): string {
  const path = (kind: string, name: string) => (schema ? `${kind}/${name}.schema.json` : `docs/${kind}/${name}.md`);
  const found = KINDS.map((kind) => files[path(kind, type)]).filter((text): text is string => text !== undefined);
  if (found.length > 0) return found.join('\n');
  const known = Object.keys(files).flatMap((file) => /^(?:components|traits|policies)\/([^/]+)\.schema\.json$/.exec(file)?.[1] ?? []);
  const hint = engine.didYouMean(type, known);
  throw engine.kurelErrors.flag(`unknown type "${type}"${hint ? ` (${hint})` : ''}; \`kurel schemas\` prints every type's files`);
}
