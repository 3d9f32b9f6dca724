import { readFileSync } from 'node:fs';
import { build, type BuildInput } from '../../../src/engine/build.js';
import { importProfile } from '../../../src/engine/api-resources/import-profile.js';
import type { InputFile } from '../../../src/engine/yaml/source.js';
import { type Policy } from '../../../src/plugin-api/index.js';
import { NOOP_POLICY } from '../../../src/plugin-api/kit/index.js';
import builtinComponents from '../../../plugins/builtin-components/index.js';
import builtinKinds from '../../../plugins/builtin-kinds/index.js';
import builtinPolicies from '../../../plugins/builtin-policies/index.js';
import builtinTraits from '../../../plugins/builtin-traits/index.js';
import { registryOf } from '../engine/support.js';

export const registry = registryOf([builtinComponents, builtinKinds, builtinTraits, builtinPolicies]);

const fixtures = new URL('../../fixtures/kubectl/', import.meta.url);

/** A recorded kubectl output under test/fixtures/kubectl. */
export function recorded(path: string): InputFile {
  return { file: path, text: readFileSync(new URL(path, fixtures), 'utf8') };
}

/** The ClusterProfile `kurel profile import` makes of a recorded cluster (`kind-v1.35`, `kind-v1.35-gateway-api`). */
export function importedProfile(cluster: string): InputFile {
  const text = importProfile({ apiResources: recorded(`${cluster}/api-resources.txt`), apiVersions: recorded(`${cluster}/api-versions.txt`), kubeVersion: 'v1.35.0', name: 'kind' });
  return { file: `${cluster}.yaml`, text };
}

/** An Application in namespace `shop` with the given components, written as YAML flow mappings. */
export function application(...components: string[]): InputFile {
  return { file: 'app.yaml', text: ['apiVersion: launcher.gokure.dev/v1alpha1', 'kind: Application', 'metadata: {name: shop, namespace: shop}', 'spec:', '  components:', ...components.map((c) => `  - ${c}`), ''].join('\n') };
}

export function buildWith(app: InputFile, profile?: InputFile, policy: Policy = NOOP_POLICY) {
  const input: BuildInput = { application: app, ...(profile ? { profile } : {}), settings: { domain: 'launcher.gokure.dev', clusterId: 'local', policy } };
  return build(input, registry);
}

export const allowClusterScoped: Policy = { ...NOOP_POLICY, allowClusterScopedObjects: () => true } as Policy;
