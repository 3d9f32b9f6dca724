import { defineComponent, type HandlerContext, type HookGroup } from 'kurel/plugin-api';
import { enforceCarriedObjectPolicy, refuseCarriedSecrets } from 'kurel/plugin-kit';
import { chartName, decodeChart, helmTemplateSchema, OWNER } from './chart-request.js';
import { placeRendered } from './chart-scopes.js';
import { hookGroupNames, splitHookGroups } from './hook-groups.js';
import { readRendered } from './rendered-documents.js';

// A chart rendered at build time. The host renders it with the real helm binary (the engine runs
// no I/O); this handler reads what helm printed as the reference reads a rendered chart, splits it
// into hook groups and carries the objects like any other it does not generate itself.

const HOOK_GROUP_LIMIT = 63;

export const helmtemplate = defineComponent({
  type: 'helmtemplate',
  nameRoles: [
    { role: 'hook-group', names: "the prefix of a helmtemplate component's hook-group layouts", default: '<application>-<component>', property: 'hookGroupNamePrefix', syntax: 'subdomain' },
    { role: 'layout', names: "the Flux Kustomization of a chart's own layout", default: '<bundle>-<component>', property: 'layoutKustomizationName', syntax: 'kustomization', maxLength: 63 },
  ],
  description:
    'A Helm chart rendered at build time with the helm binary: its objects are written as plain manifests, held to the environment policy and labelled like any other. Hooks become hook groups, applied in order.',
  example: { source: { url: './examples/helm-template/chart' }, version: '0.3.0', values: { replicas: 2 }, secretValues: { database: { password: 'change-me' } } },
  exampleWhere: "app.yaml saved at the top of kurel's repository (or of its npm package), whose examples/helm-template/chart it renders with helm, no server needed",
  properties: helmTemplateSchema,

  charts({ name, namespace, properties }) {
    const decoded = decodeChart(properties, name, namespace);
    return 'request' in decoded ? [decoded.request] : [];
  },
  render(input, ctx) {
    const decoded = decodeChart(input.properties, input.name, input.namespace);
    if ('problem' in decoded) return ctx.fail(decoded.problem.message, decoded.problem.path);
    const { request } = decoded;
    const application = input.application ?? input.namespace;
    const prefixDefault = `${application}-${input.name}`;
    const prefix = ctx.resolveName({ role: 'hook-group', kind: 'hook-group name prefix', default: prefixDefault, authored: input.properties.hookGroupNamePrefix, property: 'hookGroupNamePrefix', clusterScoped: true });
    const layoutDefault = `${application}-${input.name}`;
    const layout = ctx.resolveName({ role: 'layout', kind: 'layout Kustomization', default: layoutDefault, authored: input.properties.layoutKustomizationName, property: 'layoutKustomizationName', clusterScoped: true });

    const text = ctx.renderedChart();
    if (text === undefined) return ctx.fail(`${OWNER}: the chart ${chartName(request)} was not rendered before the build`, ['source', 'url']);
    const rendered = readRendered(text, ctx);
    const placed = placeRendered(
      rendered.map((entry) => entry.object),
      input.properties.scopeOverrides ?? [],
      input.namespace,
      ctx,
    );
    const objects = rendered.map((entry, index) => ({ ...entry, object: placed[index] }));
    const groups = splitHookGroups(objects);
    const names = hookGroupNames(groups, prefix, prefix !== prefixDefault);
    if (prefix !== prefixDefault && groups.length > 1) checkHookGroupNames(names, prefix, ctx);
    const hookGroups: HookGroup[] = groups.map((group, index) => ({
      name: names[index],
      phase: group.phase,
      weight: group.weight,
      objects: group.objects.map(({ object, template }) => ({ apiVersion: object.apiVersion, kind: object.kind, ...(object.metadata.namespace ? { namespace: object.metadata.namespace } : {}), name: object.metadata.name, template })),
    }));
    const ordered = groups.flatMap((group) => group.objects);
    // Carried objects, held to the environment policy by the one check passthrough and manifests use.
    refuseCarriedSecrets(
      ordered.map((entry) => entry.object),
      'rendered chart',
      ctx,
      ['source'],
    );
    for (const { object, template } of ordered) enforceCarriedObjectPolicy(object, ctx, { label: `${template} (${object.kind} "${object.metadata.name}"): `, locate: () => ['source'] });
    return {
      objects: ordered.map((entry) => entry.object),
      chart: {
        chart: chartName(request),
        ...(request.version ? { version: request.version } : {}),
        release: request.release,
        hookGroups,
        ...(layout !== layoutDefault ? { layoutKustomizationName: layout } : {}),
        ...(prefix !== prefixDefault ? { hookGroupPrefix: prefix } : {}),
      },
    };
  },
});

/** A written prefix is never shortened: a hook-group name past 63 characters is refused, naming the longest. */
function checkHookGroupNames(names: string[], prefix: string, ctx: HandlerContext): void {
  const longest = names.reduce((a, b) => (b.length > a.length ? b : a));
  if (longest.length <= HOOK_GROUP_LIMIT) return;
  ctx.fail(
    `${OWNER}: hook-group name "${longest}" (role "hook-group", prefix "${prefix}") is ${longest.length} characters long, and a Flux Kustomization name is at most ${HOOK_GROUP_LIMIT}; set a shorter hookGroupNamePrefix`,
    ['hookGroupNamePrefix'],
  );
}
