import { Flags } from '@oclif/core';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';

export default class Explain extends KurelCommand {
  static override summary = 'Print the lowering chain: which rule turned which authored element into what.';
  static override examples = ['<%= config.bin %> explain app.yaml', '<%= config.bin %> explain app.yaml --object Deployment/web', '<%= config.bin %> explain app.yaml --json'];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    object: Flags.string({ description: 'show only where one object came from: Kind/name' }),
    json: Flags.boolean({ description: 'print the chains as JSON' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Explain);
    const { engine, registry, input, fetch } = await loadApplication(args.target, flags);
    const result = await engine.buildFetching(input, registry, fetch);
    let chains = result.chains;
    if (flags.object) {
      const [kind, name] = flags.object.split('/');
      chains = chains
        .map((chain) => ({ ...chain, objects: chain.objects.filter((object) => object.kind === kind && object.name === name) }))
        .filter((chain) => chain.objects.length > 0);
      if (chains.length === 0) throw engine.refuse(engine.ErrorCode.flag, `--object ${flags.object}: the build generates no such object`);
    }
    if (flags.json) process.stdout.write(`${JSON.stringify({ application: result.applicationName, namespace: result.namespace, bundle: result.bundle, components: chains }, null, 2)}\n`);
    else process.stdout.write(engine.formatChains(result.applicationName, result.namespace, chains));
  }
}
