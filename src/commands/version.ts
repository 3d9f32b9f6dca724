import { KurelCommand } from './support/kurel-command.js';

export default class Version extends KurelCommand {
  static override summary = 'Print the kurel version: the line --version and -v print; --json adds the plugin-API version.';
  static override enableJsonFlag = true;

  async run(): Promise<unknown> {
    const { KUREL_API_VERSION } = await import('../plugin-api/version.js');
    await this.parse(Version);
    const data = { version: this.config.version, pluginApi: KUREL_API_VERSION, node: process.version, os: process.platform, arch: process.arch };
    this.log(this.config.userAgent);
    return data;
  }
}
