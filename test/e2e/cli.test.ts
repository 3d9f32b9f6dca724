import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The CLI's own behaviour: where output goes, what a failure leaves behind, warnings, exit codes.

const repo = fileURLToPath(new URL('../../', import.meta.url));
const kurel = join(repo, 'bin/kurel');
const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;

const APP = `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata:
  name: bookshop
spec:
  components:
    - name: web
      type: webservice
      properties:
        image: ghcr.io/acme/bookshop:v1.4.0
        port: 8080
      traits:
        - type: audit
`;

const PROFILE = (capabilities: string) =>
  `apiVersion: launcher.gokure.dev/v1alpha1\nkind: ClusterProfile\nmetadata:\n  name: dev\nspec:\n  capabilities:${capabilities ? `\n${capabilities}` : ' {}'}\n`;

/** An organisation's trait, as plain data so it loads from a folder without node_modules: it takes a rendering and changes nothing. */
const AUDIT_PLUGIN = `export default {
  meta: { name: 'acme-audit', version: '1.0.0', kurelApi: '^2.0.0' },
  traits: [{ type: 'audit', description: 'Audits.', capability: { definition: true }, properties: { level: { type: 'string', description: 'Level.' } }, apply() {} }],
};
`;

let dir: string;

beforeAll(() => {
  if (!existsSync(join(repo, 'dist/src/commands/build.js'))) throw new Error('dist/ is missing: run `npm run build` before the CLI tests');
  dir = mkdtempSync(join(tmpdir(), 'kurel-cli-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "cli-test", "private": true}\n');
  writeFileSync(join(dir, 'app.yaml'), APP);
  writeFileSync(join(dir, 'audit-plugin.mjs'), AUDIT_PLUGIN);
  writeFileSync(join(dir, '.kurelrc.yaml'), 'plugins:\n  - ./audit-plugin.mjs\n');
  writeFileSync(join(dir, 'plain.yaml'), PROFILE(''));
  writeFileSync(join(dir, 'bound.yaml'), PROFILE('    audit:\n      rendering:\n        level: high'));
  writeFileSync(join(dir, 'broken.yaml'), APP.replace('type: webservice', 'type: webapp'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function kurelRun(...args: string[]) {
  return kurelRun.withEnv({})(...args);
}

/** kurel run with `env` over the test's environment. */
kurelRun.withEnv = (env: Record<string, string>) => (...args: string[]) => {
  const result = spawnSync(process.execPath, [kurel, ...args], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, NO_COLOR: '1', ...env } });
  if (result.error) throw result.error;
  return result;
};

function files(folder: string): string[] {
  return existsSync(folder) ? (readdirSync(folder, { recursive: true }) as string[]) : [];
}

describe('kurel build -o', () => {
  it('writes <DIR>/<application name>.yaml with the bytes it prints otherwise, and nothing else', () => {
    const printed = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml');
    expect(printed.status, printed.stderr).toBe(0);
    expect(printed.stdout).toContain('kind: Deployment');

    const written = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml', '-o', 'out/manifests');
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toBe('');
    const out = join(dir, 'out', 'manifests');
    expect(files(out)).toEqual(['bookshop.yaml']);
    expect(readFileSync(join(out, 'bookshop.yaml'), 'utf8')).toBe(printed.stdout);
  });

  it('accepts --output as the long form', () => {
    const result = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml', '--output', 'long');
    expect(result.status, result.stderr).toBe(0);
    expect(files(join(dir, 'long'))).toEqual(['bookshop.yaml']);
  });

  it('leaves no file when the build fails', () => {
    const result = kurelRun('build', 'broken.yaml', '--profile', 'plain.yaml', '-o', 'failed');
    expect(result.status).toBe(1);
    expect(files(join(dir, 'failed'))).toEqual([]);
  });
});

describe('kurel build: a plugin trait bound in the profile', () => {
  it('takes the trait\'s own schema as its CapabilityDefinition: no warning, output unchanged', () => {
    const quiet = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml');
    const bound = kurelRun('build', 'app.yaml', '--profile', 'bound.yaml');
    expect(quiet.status, quiet.stderr).toBe(0);
    expect(quiet.stderr).toBe('');
    expect(bound.status, bound.stderr).toBe(0);
    expect(bound.stderr).toBe('');
    expect(bound.stdout).toBe(quiet.stdout);
  });

  it('passes --strict-capabilities too', () => {
    const result = kurelRun('build', 'app.yaml', '--profile', 'bound.yaml', '--strict-capabilities');
    expect(result.status, result.stderr).toBe(0);
  });
});

describe('kurel build: failures', () => {
  it('exits 1 with an Error: line naming the input', () => {
    const result = kurelRun('build', 'missing.yaml');
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('Error: missing.yaml: accessing "missing.yaml": no such file or directory\n');
  });

  it('refuses a path the system cannot follow with an Error: line naming it and why, not a crash', () => {
    symlinkSync('loop-b.yaml', join(dir, 'loop-a.yaml'));
    symlinkSync('loop-a.yaml', join(dir, 'loop-b.yaml'));
    const tooLong = 'a'.repeat(5000);
    const cases: Array<[string[], string]> = [
      [['build', 'app.yaml/app.yaml'], 'Error: app.yaml/app.yaml: accessing "app.yaml/app.yaml": not a directory\n'],
      [['build', 'loop-a.yaml'], 'Error: loop-a.yaml: accessing "loop-a.yaml": too many levels of symbolic links\n'],
      [['validate', tooLong], `Error: ${tooLong}: accessing "${tooLong}": name too long\n`],
      [['build', 'app.yaml', '--profile', 'loop-a.yaml'], 'Error: loop-a.yaml: reading profile file "loop-a.yaml": too many levels of symbolic links\n'],
    ];
    for (const [args, stderr] of cases) {
      const result = kurelRun(...args);
      expect(result.status, args.join(' ')).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(stderr);
    }
  });

  // procfs answers "no such file" for a folder made in it, where Node's recursive mkdir would
  // make the parent again and retry forever. Linux alone has it.
  it.skipIf(!existsSync('/proc/self'))('refuses an output folder the system will not make, at once, instead of retrying forever', () => {
    const result = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml', '-o', '/proc/kurel-out');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: /proc/kurel-out: creating output directory "/proc/kurel-out": no such file or directory\n');
    const flux = kurelRun('build', 'app.yaml', '--profile', 'plain.yaml', '--layout', 'flux', '-o', '/proc/kurel-out/tree');
    expect(flux.status).toBe(1);
    expect(flux.stderr).toMatch(/^Error: \/proc\/kurel-out\/tree.*: no such file or directory\n$/);
  });

  it.skipIf(!existsSync('/proc/self'))('builds, without a code cache, where its cache folder cannot be made', () => {
    const result = kurelRun.withEnv({ KUREL_CACHE_DIR: '/proc/kurel-cache' })('build', 'app.yaml', '--profile', 'plain.yaml');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toBe(kurelRun('build', 'app.yaml', '--profile', 'plain.yaml').stdout);
  });

  it('leads a refusal with file:line:col and the property path', () => {
    const result = kurelRun('build', 'broken.yaml');
    expect(result.status).toBe(1);
    expect(result.stderr.startsWith('Error: broken.yaml:8:7 spec.components[0].type: invalid value "webapp" for "type" in "web"; must be one of: ')).toBe(true);
    expect(result.stderr.split('\n').filter(Boolean).every((line) => line.startsWith('Error: '))).toBe(true);
  });

  it('checks --kube-version before reading anything, whether or not a chart would use it', () => {
    const result = kurelRun('build', 'app.yaml', '--kube-version', 'banana');
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: --kube-version: "banana" is not a Kubernetes version (v1.35.0)\n');
    expect(result.stdout).toBe('');
  });

  it('exits 1 with an Error: line on a flag it does not know, as the reference does', () => {
    const result = kurelRun('build', 'app.yaml', '--no-such-flag');
    expect(result.status).toBe(1);
    expect(result.stderr.startsWith('Error: ')).toBe(true);
  });
});

describe('kurel version and help', () => {
  it('prints one version line for version, --version and -v', () => {
    const command = kurelRun('version');
    expect(command.status).toBe(0);
    expect(command.stdout).toBe(`kurel/${version} ${process.platform}-${process.arch} node-${process.version}\n`);
    expect(kurelRun('--version').stdout).toBe(command.stdout);
    expect(kurelRun('-v').stdout).toBe(command.stdout);
  });

  it('adds the plugin-API version under --json', () => {
    const result = kurelRun('version', '--json');
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ version, pluginApi: expect.stringMatching(/^\d+\.\d+\.\d+$/) });
  });

  it('answers --version with the line oclif prints for it', async () => {
    const { Config } = await import('@oclif/core');
    const config = await Config.load(repo);
    const result = kurelRun('--version');
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`${config.userAgent}\n`);
  });

  it('says to build when the bundle is missing, instead of a module-not-found trace', () => {
    const copy = mkdtempSync(join(tmpdir(), 'kurel-unbuilt-'));
    try {
      mkdirSync(join(copy, 'bin'));
      copyFileSync(kurel, join(copy, 'bin/kurel'));
      copyFileSync(join(repo, 'bin/package.json'), join(copy, 'bin/package.json'));
      copyFileSync(join(repo, 'package.json'), join(copy, 'package.json'));
      const result = spawnSync(process.execPath, [join(copy, 'bin/kurel'), 'build'], { encoding: 'utf8', timeout: 60_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toBe(`Error: ${join(copy, 'dist/bundle')}/ is missing: run \`npm run build\` in ${copy}/\n`);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('lists the commands with --help', () => {
    const result = kurelRun('--help');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^\s+build\s/m);
    expect(result.stdout).toMatch(/^\s+version\s/m);
  });

  it('lists the build flags with build --help', () => {
    const result = kurelRun('build', '--help');
    expect(result.status).toBe(0);
    for (const flag of ['--profile', '--output', '--namespace', '--values', '--set', '--capability-def', '--strict-capabilities', '--config']) {
      expect(result.stdout).toContain(flag);
    }
  });
});
