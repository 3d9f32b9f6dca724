import * as Flags from '@oclif/core/flags';
import type { ComponentChain } from '../engine/index.js';
import type { ExplainData } from './support/explain-graph/graph-model.js';
import { inputFlags, loadApplication, targetArgs } from './support/input-flags.js';
import { KurelCommand } from './support/kurel-command.js';
import { layoutConfig, layoutFlags, layoutOptions, planLayout } from './support/layout-flags.js';
import { formatFlag, renderData } from './support/output.js';

export default class Explain extends KurelCommand {
  static override summary = 'Print the lowering chain: which rule turned which authored element into what.';
  static override description =
    'Runs the same pipeline as build and prints, as a tree, each authored component, trait and policy, the rules that lowered it, what each emitted, and the objects finally generated with kind, namespace and name.';
  static override examples = [
    '<%= config.bin %> explain app.yaml',
    '<%= config.bin %> explain app.yaml --object Deployment/web',
    '<%= config.bin %> explain app.yaml --json',
    '<%= config.bin %> explain app.yaml --layout flux --placement per-layout',
    '<%= config.bin %> explain app.yaml --layout argocd',
    '<%= config.bin %> explain app.yaml --format html > explain.html',
    '<%= config.bin %> explain app.yaml --format mermaid',
  ];

  static override args = targetArgs;
  static override enableJsonFlag = true;

  static override flags = {
    ...inputFlags,
    object: Flags.string({ description: 'show only where one object came from: Kind/name, in any case' }),
    format: formatFlag(['text', 'json', 'yaml', 'html', 'mermaid'], 'the chains: html is one self-contained page with the chain as a graph, mermaid a flowchart of it'),
    ...layoutFlags,
  };

  async run(): Promise<unknown> {
    const { args, flags } = await this.parse(Explain);
    const { engine, registry, input, fetch, renderCharts, config, configFile } = await loadApplication(args.target, flags);
    if (flags.layout && (flags.format === 'html' || flags.format === 'mermaid')) throw engine.kurelErrors.flag(`--format ${flags.format} draws the lowering chain: give it without --layout, whose tree prints as text, json or yaml`);
    const layout = flags.layout ? await layoutOptions(flags, layoutConfig(input.settings, config, configFile)) : undefined;
    const result = await engine.buildFetching(input, registry, fetch, renderCharts);
    if (layout) {
      // The tree build -o DIR --layout writes: folders, the objects that apply them, each object's file.
      const { plan, text } = await planLayout(layout, result.layout, result.namespace);
      const { files, indexes: _indexes, ...tree } = plan;
      const data = { ...tree, files: [...files.keys()] };
      if (this.jsonEnabled()) return data;
      process.stdout.write(flags.format === 'text' ? text() : await renderData(data, flags.format));
      return undefined;
    }
    let chains = result.chains;
    let policies = result.policies;
    if (flags.object) {
      chains = selectObject(chains, flags.object, engine);
      // One object's provenance is its component's chain: the policies and the order are the whole build's.
      policies = [];
    }
    const bundle = flags.object ? undefined : result.bundle;
    const data = { application: result.applicationName, namespace: result.namespace, bundle, components: chains, policies, ...(bundle && result.charts.length > 0 ? { charts: result.charts } : {}) };
    if (this.jsonEnabled()) return data;
    if (flags.format === 'text') process.stdout.write(engine.formatChains(result.applicationName, result.namespace, chains, { policies, bundle }));
    else if (flags.format === 'html' || flags.format === 'mermaid') process.stdout.write(await drawChains(data, flags.format));
    else process.stdout.write(await renderData(data, flags.format));
    return undefined;
  }
}

type Engine = typeof import('../engine/index.js');

/** The chains drawn: a self-contained HTML page, or a Mermaid flowchart. */
async function drawChains(data: ExplainData, format: 'html' | 'mermaid'): Promise<string> {
  const { explainGraph, mermaidFlowchart, explainPage } = await import('./support/explain-graph/index.js');
  return format === 'html' ? explainPage(data) : mermaidFlowchart(explainGraph(data));
}

/** The chains narrowed to one object, matched by `Kind/name` whatever the case; a miss names the objects there are. */
function selectObject(chains: ComponentChain[], wanted: string, engine: Engine): ComponentChain[] {
  const [kind, name, ...rest] = wanted.split('/');
  if (!kind || !name || rest.length > 0) throw engine.kurelErrors.flag(`--object ${wanted}: expected Kind/name, e.g. Deployment/web`);
  const matches = (object: ComponentChain['objects'][number]) => object.kind.toLowerCase() === kind.toLowerCase() && object.name.toLowerCase() === name.toLowerCase();
  const selected = chains.map((chain) => ({ ...chain, objects: chain.objects.filter(matches) })).filter((chain) => chain.objects.length > 0);
  if (selected.length > 0) return selected;
  const generated = [...new Set(chains.flatMap((chain) => chain.objects.map((object) => `${object.kind}/${object.name}`)))];
  const hint = engine.didYouMean(wanted, generated);
  throw engine.kurelErrors.flag(`--object ${wanted}: the build generates no such object; ${hint || `it generates ${generated.join(', ')}`}`);
}
