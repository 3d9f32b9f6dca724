import { buildFetching, type BuildInput, type BuildIO, type FetchRequest } from './build.js';
import { formatDiagnostic, isKurelError, type Diagnostic } from '../plugin-api/diagnostics.js';
import { inFileOrder } from './file-order.js';
import type { SealedRegistry } from './registry.js';
import { componentCutter, componentIndexOf, restoreIndex } from './yaml/without-components.js';

export interface CheckResult {
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

type Fetch = (requests: FetchRequest[]) => Promise<Record<string, string>>;

/**
 * Every check `build` makes, through generation and the collision checks, with nothing written:
 * the diagnostics come back instead of a refusal. Stages that can go on past a refusal (authored
 * properties, each component's transform) report every one. A stage that stops at its first
 * refusal (parsing, lowering) stops only for the component it names: the check runs again
 * without the components already refused, and what it finds in the others is added, until it
 * finds nothing more.
 */
export async function check(input: BuildInput, registry: SealedRegistry, fetchDocuments: Fetch = async () => ({}), renderCharts?: BuildIO['renderCharts']): Promise<CheckResult> {
  const fetch = fetchingOnce(fetchDocuments);
  const render = renderCharts && renderingOnce(renderCharts);
  const first = await attempt(input, registry, fetch, render);
  if (first.errors.length === 0) return first;
  const errors = [...first.errors];
  // What was found already, to add nothing twice: made only once a pass after the first finds
  // something (a refusal of a large file at each of its keys formats each one for it).
  let seen: Set<string> | undefined;
  const removed: number[] = [];
  const cut = componentCutter(input.application.text, input.application.limits);
  let found = first.errors;
  for (;;) {
    const refused = [...new Set(found.map(componentIndexOf))].filter((index): index is number => index !== undefined && !removed.includes(index));
    if (refused.length === 0) break;
    removed.push(...refused);
    const text = cut(removed);
    if (text === undefined) break;
    const next = await attempt({ ...input, application: { ...input.application, text } }, registry, fetch, render);
    // Only what is placed in a remaining component is kept: the rest may be an echo of the removal
    // (a policy naming a removed component, an order that no longer holds).
    found = next.errors.map((diagnostic) => restoreIndex(diagnostic, removed)).filter((diagnostic): diagnostic is Diagnostic => diagnostic !== undefined);
    if (found.length === 0) continue;
    seen ??= new Set(errors.map(formatDiagnostic));
    for (const diagnostic of found) {
      const key = formatDiagnostic(diagnostic);
      if (seen.has(key)) continue;
      seen.add(key);
      errors.push(diagnostic);
    }
  }
  return { errors: inFileOrder(errors), warnings: [] };
}

/** Each URL fetched once however many passes read it. */
function fetchingOnce(fetch: Fetch): Fetch {
  const bodies = new Map<string, string>();
  return async (requests) => {
    const missing = requests.filter((request) => !bodies.has(request.url));
    if (missing.length > 0) for (const [url, body] of Object.entries(await fetch(missing))) bodies.set(url, body);
    return Object.fromEntries(requests.filter((request) => bodies.has(request.url)).map((request) => [request.url, bodies.get(request.url)!]));
  };
}

/** Each chart rendered once however many passes read it (the same component asking the same render). */
function renderingOnce(render: NonNullable<BuildIO['renderCharts']>): NonNullable<BuildIO['renderCharts']> {
  const texts = new Map<string, string>();
  const key = (request: Parameters<typeof render>[0][number]) => JSON.stringify([request.component, request.chart]);
  return async (requests) => {
    const missing = requests.filter((request) => !texts.has(key(request)));
    if (missing.length > 0) {
      const rendered = await render(missing);
      for (const request of missing) if (rendered[request.component] !== undefined) texts.set(key(request), rendered[request.component]);
    }
    return Object.fromEntries(requests.filter((request) => texts.has(key(request))).map((request) => [request.component, texts.get(key(request))!]));
  };
}

async function attempt(input: BuildInput, registry: SealedRegistry, fetch: Fetch, render?: BuildIO['renderCharts']): Promise<CheckResult> {
  try {
    const result = await buildFetching({ ...input, collect: true }, registry, fetch, render);
    return { errors: [], warnings: result.warnings };
  } catch (error) {
    if (!isKurelError(error)) throw error;
    return { errors: error.diagnostics, warnings: [] };
  }
}
