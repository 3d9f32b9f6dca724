import { KurelCommand } from './support/kurel-command.js';

export default class Version extends KurelCommand {
  static override summary = 'Print the kurel version and the plugin-API version it implements.';
  static override enableJsonFlag = true;

  async run(): Promise<unknown> {
    const { KUREL_API_VERSION } = await import('../plugin-api/version.js');
    await this.parse(Version);
    const data = { version: this.config.version, pluginApi: KUREL_API_VERSION, node: process.version, os: process.platform, arch: process.arch };
    this.log(`kurel version ${data.version}\n  plugin API: ${data.pluginApi}\n  Node: ${data.node}\n  OS/Arch: ${data.os}/${data.arch}`);
    return data;
  }
}
