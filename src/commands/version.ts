import { KurelCommand } from './support/kurel-command.js';

export default class Version extends KurelCommand {
  static override summary = 'Print the kurel version and the plugin-API version it implements.';

  async run(): Promise<void> {
    const { KUREL_API_VERSION } = await import('../plugin-api/version.js');
    this.log(`kurel version ${this.config.version}\n  plugin API: ${KUREL_API_VERSION}\n  Node: ${process.version}\n  OS/Arch: ${process.platform}/${process.arch}`);
  }
}
