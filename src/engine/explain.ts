import type { GeneratedObject } from './generate.js';
import type { LoweringStep } from './model.js';
import type { SourceDocument } from './source.js';
import type { Application } from './transform.js';

/** How one authored component became objects: what `kurel explain` prints. */
export interface ComponentChain {
  name: string;
  type: string;
  /** Where the author wrote it. */
  location: { file?: string; line?: number; column?: number; path?: string };
  /** The rules that lowered it, in order. */
  steps: LoweringStep[];
  members: Array<{ name: string; type: string; rule: string; traits: Array<{ type: string; rule: string }> }>;
  objects: Array<{ apiVersion: string; kind: string; namespace?: string; name: string; producer: string }>;
}

/** Groups the build's applications, steps and objects by the authored component they came from. */
export function explainChains(applications: Application[], generated: GeneratedObject[], steps: LoweringStep[], source: SourceDocument): ComponentChain[] {
  const chains = new Map<string, ComponentChain>();
  for (const application of applications) {
    for (const { component } of application.members) {
      const authored = component.origin.component ?? component.name;
      let chain = chains.get(authored);
      if (!chain) {
        chain = { name: authored, type: component.origin.componentType ?? component.type, location: source.at(component.path), steps: [], members: [], objects: [] };
        chains.set(authored, chain);
      }
      chain.members.push({
        name: component.name,
        type: component.type,
        rule: component.origin.rule,
        traits: component.traits.map((trait) => ({ type: trait.type, rule: trait.emitted ? trait.origin.rule : '' })),
      });
    }
  }
  for (const chain of chains.values()) chain.steps = stepsFrom(chain.name, steps);
  for (const { object, producer, component } of generated) {
    const owner = applications.find((application) => application.name === component)?.members[0]?.component.origin.component ?? component;
    chains.get(owner)?.objects.push({ apiVersion: object.apiVersion, kind: object.kind, namespace: object.metadata.namespace, name: object.metadata.name, producer });
  }
  return [...chains.values()];
}

/** The steps that start at an authored name and every step that lowers what they emitted. */
function stepsFrom(name: string, steps: LoweringStep[]): LoweringStep[] {
  const reached = new Set([name]);
  const out: LoweringStep[] = [];
  for (const step of steps) {
    if (!reached.has(step.from)) continue;
    out.push(step);
    for (const to of step.to) reached.add(to);
  }
  return out;
}

/** The text form: one block per authored component, indented as a tree. */
export function formatChains(applicationName: string, namespace: string, chains: ComponentChain[]): string {
  const lines = [`application "${applicationName}" (namespace ${namespace})`];
  for (const chain of chains) {
    const where = chain.location.file ? ` at ${chain.location.file}:${chain.location.line}:${chain.location.column}` : '';
    lines.push(`  component "${chain.name}" (type ${chain.type})${where}`);
    for (const step of chain.steps) lines.push(`    rule ${step.rule} (round ${step.round}): "${step.from}" -> [${step.to.join(', ')}]`);
    for (const member of chain.members) {
      const by = member.rule ? ` emitted by ${member.rule}` : '';
      lines.push(`    ${member.type} "${member.name}"${by}`);
      for (const trait of member.traits) lines.push(`      trait ${trait.type}${trait.rule ? ` emitted by ${trait.rule}` : ''}`);
    }
    lines.push('    objects');
    for (const object of chain.objects) lines.push(`      ${object.kind} ${object.namespace ? `${object.namespace}/` : ''}${object.name}  (${object.producer})`);
  }
  return `${lines.join('\n')}\n`;
}
