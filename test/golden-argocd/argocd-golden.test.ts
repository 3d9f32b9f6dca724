import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { parse } from 'yaml';
import { describeGoldenTrees } from '../golden-flux/golden-tree.js';
import { checkTreeWithKustomize } from '../golden-flux/kustomize-check.js';
import { kustomize } from '../support/k8s-tools.js';
import { expectValidApplication } from './application-schema.js';

// Golden Argo CD trees (see ../golden-flux/golden-tree.ts for a case's files; each case's
// .kurelrc.yaml holds its argocd block). Every tree is built with the real kustomize, each object
// applied by exactly one Application, and every Application is valid by Argo CD's own CRD.
describeGoldenTrees({
  casesDir: 'test/golden-argocd',
  title: 'golden Argo CD trees (kurel build -o DIR --layout argocd)',
  check: (out: string, plan: { top: string; folders: Array<{ path: string }>; applications: Array<{ name: string; path: string; file: string; sourcePath: string }> }, buildStdout: string) => {
    const union = checkTreeWithKustomize(out, plan, buildStdout);
    // Every folder builds on its own too, the ones applied only through their parent's list included.
    for (const folder of plan.folders) expect(() => kustomize(join(out, folder.path)), folder.path).not.toThrow();
    expect(plan.applications.length).toBeGreaterThan(0);
    for (const application of plan.applications) {
      const object = parse(readFileSync(join(out, application.file), 'utf8'));
      expectValidApplication(object);
      expect(object.spec.source.path.endsWith(application.path)).toBe(true);
    }
    expect(union.filter((object) => object.kind === 'Application').map((object) => object.metadata.name).sort()).toEqual(plan.applications.map((application) => application.name).sort());
  },
});
