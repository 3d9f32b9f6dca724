import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, repo, scratchFolder } from './support.js';

// A first build with no profile named: a capability the embedded profile cannot bind says where the
// profile came from and what the package offers instead; inside a package, no target means `.`.

const scratch = scratchFolder('kurel-first-run-');
const HINT = 'hint: no --profile or --environment was given, so kurel used its embedded ClusterProfile, which binds no capabilities; ';

/** bin/kurel in `cwd` with nothing on standard input, as typed at a terminal. */
const atTerminal = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [join(repo, 'bin/kurel'), ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', timeout: 60_000 });

describe('a first run that explains itself', () => {
  it('names the environments the package declares when the embedded profile binds no capability', () => {
    const result = kurelIn(repo, ['build', 'examples/shop']);
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('capability "expose" not found in ClusterProfile');
    expect(result.stderr.trimEnd().split('\n').at(-1)).toBe(`  ${HINT}examples/shop/environments.yaml declares environments: add --environment staging|prod`);
  });

  it('names each package of a fleet that needs an environment, once', () => {
    const result = kurelIn(repo, ['build', 'examples/fleet', '-o', join(scratch.dir, 'tree'), '--layout', 'flux']);
    expect(result.status).toBe(1);
    expect(result.stderr.split(HINT)).toHaveLength(2);
    expect(result.stderr).toContain(`${HINT}examples/fleet/catalog/environments.yaml declares environments: add --environment staging|prod`);
  });

  it('names the ClusterProfile files beside an application with no environments', () => {
    const result = kurelIn(repo, ['build', 'examples/redis-sidecar']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${HINT}add --profile examples/redis-sidecar/profile.yaml`);
  });

  it('puts the hint in validate\'s JSON report too', () => {
    const result = kurelIn(repo, ['validate', 'examples/shop', '--format', 'json']);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as { diagnostics: Array<{ message: string }> };
    expect(report.diagnostics[0].message).toContain(`${HINT}examples/shop/environments.yaml declares environments: add --environment staging|prod`);
  });

  it('gives no hint when a profile was named', () => {
    const result = kurelIn(repo, ['build', 'examples/shop', '--profile', 'examples/redis-sidecar/profile.yaml']);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('capability "expose" not found in ClusterProfile');
    expect(result.stderr).not.toContain('hint:');
  });

  it('every example package builds as its README prints it', () => {
    const builds = [
      ['build', 'examples/webservice'],
      ['build', 'examples/package'],
      ['build', 'examples/shop', '--environment', 'staging'],
      ['build', 'examples/redis-sidecar/app.yaml', '--profile', 'examples/redis-sidecar/profile.yaml'],
      ['build', 'examples/fleet', '-o', join(scratch.dir, 'fleet'), '--layout', 'flux', '--environment', 'staging'],
    ];
    for (const args of builds) {
      const result = kurelIn(repo, args);
      expect(result.status, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
  });
});

describe('no target inside a package folder', () => {
  it('builds, validates and explains the current folder', () => {
    const shop = join(scratch.dir, 'shop');
    cpSync(join(repo, 'examples/shop'), shop, { recursive: true });
    const named = kurelIn(repo, ['build', 'examples/shop', '--environment', 'prod']);
    expect(named.status, named.stderr).toBe(0);
    const build = atTerminal(shop, ['build', '--environment', 'prod']);
    expect(build.status, build.stderr).toBe(0);
    expect(build.stdout).toBe(named.stdout);
    const validate = atTerminal(shop, ['validate', '--environment', 'prod']);
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout).toBe('.: valid\n');
    const explain = atTerminal(shop, ['explain', '--environment', 'prod']);
    expect(explain.status, explain.stderr).toBe(0);
    expect(explain.stdout).toContain('web');
  });

  it('writes a layout tree owned by the folder, not by standard input', () => {
    const shop = join(scratch.dir, 'shop-tree');
    cpSync(join(repo, 'examples/shop'), shop, { recursive: true });
    const result = atTerminal(shop, ['build', '--environment', 'staging', '-o', 'repo', '--layout', 'flux']);
    expect(result.status, result.stderr).toBe(0);
    const diff = atTerminal(shop, ['diff', '--environment', 'staging', '--against', 'repo', '--layout', 'flux']);
    expect(diff.status, diff.stdout + diff.stderr).toBe(0);
  });

  it('still asks for a target outside a package', () => {
    const result = atTerminal(scratch.dir, ['build']);
    expect(result.status).toBe(1);
    expect(result.stderr).toBe('Error: missing the application: name app.yaml or a package folder, or pipe one into standard input\n');
  });
});
