import { buildExamples } from './example-manifests.js';
import { publishSite } from './publish-site.js';
import type { PluginOrigin } from './site-model.js';

/**
 * `kurel schemas --format html -o DIR`: the registry of the config found from the current folder
 * (organisation plugins included), every example built, the site written as an owned folder.
 */
export async function publishHtmlSite(output: string, configFile: string | undefined): Promise<{ written: number }> {
  const [host, engine] = await Promise.all([import('../../../host/index.js'), import('../../../engine/index.js')]);
  const pluginHost = await host.startPluginHost({ searchFrom: process.cwd(), configFile });
  const { registry, config } = pluginHost;
  const types = engine.publishedTypes(registry);
  const settings = host.transformSettings(config.config, { clusterId: 'local' });
  const examples = await buildExamples(engine, registry, types, settings);
  const plugins = new Map<string, PluginOrigin>(
    pluginHost.plugins.map(({ plugin, specifier, builtin }) => [plugin.meta.name, { name: plugin.meta.name, version: plugin.meta.version, builtin, specifier }]),
  );
  const files = publishSite({ types, plugins, examples, searchLibrary: host.readPackageAsset('minisearch', '../umd/index.js') });
  return host.writeOwnedFolder(output, files, { kind: 'html-site' });
}
