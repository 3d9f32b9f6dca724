import { Flags } from '@oclif/core';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';

export default class Explain extends KurelCommand {
  static override summary = 'Print the lowering chain: which rule turned which authored element into what.';
  static override description =
    'Runs the same pipeline as build and prints, as a tree, each authored component, trait and policy, the rules that lowered it, what each emitted, and the objects finally generated with kind, namespace and name.';
  static override examples = ['<%= config.bin %> explain app.yaml', '<%= config.bin %> explain app.yaml --object Deployment/web', '<%= config.bin %> explain app.yaml --json'];

  static override args = targetArgs;

  static override flags = {
    ...inputFlags,
    object: Flags.string({ description: 'show only where one object came from: Kind/name' }),
    json: Flags.boolean({ description: 'print the chains as JSON' }),
  };

  async run(): Promise<void> {
    const { args, flags } = await this.parse(Explain);
    const { engine, registry, input, fetch, renderCharts } = await loadApplication(args.target, flags);
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    let chains = result.chains;
    let policies = result.policies;
    if (flags.object) {
      const [kind, name, ...rest] = flags.object.split('/');
      if (!kind || !name || rest.length > 0) throw engine.kurelErrors.flag(`--object ${flags.object}: expected Kind/name, e.g. Deployment/web`);
      chains = chains
        .map((chain) => ({ ...chain, objects: chain.objects.filter((object) => object.kind === kind && object.name === name) }))
        .filter((chain) => chain.objects.length > 0);
      if (chains.length === 0) throw engine.kurelErrors.flag(`--object ${flags.object}: the build generates no such object`);
      // One object's provenance is its component's chain: the policies and the order are the whole build's.
      policies = [];
    }
    const bundle = flags.object ? undefined : result.bundle;
    if (flags.json) process.stdout.write(`${JSON.stringify({ application: result.applicationName, namespace: result.namespace, bundle, components: chains, policies, ...(bundle && result.charts.length > 0 ? { charts: result.charts } : {}) }, null, 2)}\n`);
    else process.stdout.write(engine.formatChains(result.applicationName, result.namespace, chains, { policies, bundle }));
  }
}
