import { Flags } from '@oclif/core';
import { configFlags } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';

export default class Schemas extends KurelCommand {
  static override summary = 'Publish the JSON Schemas and reference docs of every registered type.';
  static override description =
    'Writes components/, traits/ and policies/<type>.schema.json (JSON Schema draft 2020-12), application.schema.json for editors, and a Markdown reference under docs/. Plugins listed in the config are included.';

  static override examples = ['<%= config.bin %> schemas --output schemas/', '<%= config.bin %> schemas --format json > schemas.json'];

  static override flags = {
    output: Flags.string({ char: 'o', description: 'folder to write: missing, empty, or an earlier schemas output, which is replaced whole' }),
    format: Flags.string({ description: 'json prints every file as one JSON object on stdout', options: ['files', 'json'], default: 'files' }),
    ...configFlags,
  };

  async run(): Promise<void> {
    const { flags } = await this.parse(Schemas);
    const [host, engine] = await Promise.all([import('../host/index.js'), import('../engine/index.js')]);
    const { registry } = await host.startPluginHost({ searchFrom: process.cwd(), configFile: flags.config });
    const { files } = engine.publishSchemas(registry);
    if (flags.format === 'json') {
      process.stdout.write(`${JSON.stringify(files, null, 2)}\n`);
      return;
    }
    if (!flags.output) throw engine.kurelErrors.flag('kurel schemas needs --output DIR, or --format json to print the set');
    const { written } = host.writeOwnedFolder(flags.output, new Map(Object.entries(files)), { kind: 'schemas' });
    this.log(`wrote ${written} files to ${flags.output}`);
  }
}
