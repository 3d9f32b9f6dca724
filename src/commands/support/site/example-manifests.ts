import type { BuildInput, PublishedType, SealedRegistry, TransformSettings } from '../../../engine/index.js';

type Engine = typeof import('../../../engine/index.js');

/** A type's example as its page shows it: what the author writes, and what kurel builds from it. */
export interface BuiltExample {
  app: string;
  /** The ClusterProfile that binds the type's capability, when it needs one. */
  profile?: string;
  /** The manifests the example builds to; absent for a delivery type, which its consumer renders. */
  manifests?: string;
  /** The components whose chart helm would render at build time: publishing renders none. */
  chartsNotRendered?: string[];
}


/**
 * Builds the example of every type that ships one, so that no page can show an example that
 * fails: the first failure is thrown, naming the type, its plugin and the build's own error.
 * Publishing reads no network and runs no helm, so that it gives the same site anywhere: a chart
 * rendered at build time renders as nothing here, and the page says so.
 */
export async function buildExamples(engine: Engine, registry: SealedRegistry, types: readonly PublishedType[], settings: TransformSettings): Promise<Map<PublishedType, BuiltExample>> {
  const built = new Map<PublishedType, BuiltExample>();
  for (const entry of types) {
    const example = entry.example;
    // A trait's or policy's example is written on a component some type offers as its host.
    if (example === undefined || (entry.position !== 'component' && !entry.exampleHosts?.length)) continue;
    const app = engine.exampleDocument(entry, example);
    const profile = engine.exampleProfile(entry);
    if (entry.implementation === 'declaration') {
      built.set(entry, { app, profile });
      continue;
    }
    const input: BuildInput = {
      application: { file: `${entry.type}-example.yaml`, text: app },
      ...(profile === undefined ? {} : { profile: { file: `${entry.type}-profile.yaml`, text: profile } }),
      settings,
    };
    const chartsNotRendered: string[] = [];
    const renderNoChart = async (requests: ReadonlyArray<{ component: string }>) => {
      chartsNotRendered.push(...requests.map((request) => request.component));
      return Object.fromEntries(requests.map((request) => [request.component, '']));
    };
    try {
      const result = await engine.buildFetching(input, registry, async () => ({}), renderNoChart);
      built.set(entry, { app, profile, manifests: result.yaml, ...(chartsNotRendered.length > 0 ? { chartsNotRendered } : {}) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw engine.kurelErrors.pluginContract(`plugin "${entry.plugin}": the example of ${entry.position} type "${entry.type}" does not build, so its page is not published: ${reason}`, { plugin: entry.plugin });
    }
  }
  return built;
}
