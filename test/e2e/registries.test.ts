import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// Every place a source is fetched from is held to allowedRegistries with the registry class:
// a helm chart source, a bare oci:// artifact, an S3 bucket endpoint, and a Flux source an
// author carries in passthrough.

const scratch = scratchFolder('kurel-registries-');

const app = (component: string) => `apiVersion: launcher.gokure.dev/v1alpha1
kind: Application
metadata: {name: shop, namespace: shop}
spec:
  components:
${component}`;

function validate(component: string) {
  writeFileSync(join(scratch.dir, '.kurelrc.yaml'), 'policy:\n  allowedRegistries: [quay.io, "*.example.com"]\n');
  writeFileSync(join(scratch.dir, 'app.yaml'), app(component));
  const result = kurelIn(scratch.dir, ['validate', '--format', 'json', 'app.yaml']);
  rmSync(join(scratch.dir, '.kurelrc.yaml'));
  return { status: result.status, report: JSON.parse(result.stdout) as { valid: boolean; diagnostics: Array<Record<string, unknown>> } };
}

describe('allowedRegistries on every source', () => {
  it('refuses a helm chart source outside the list', () => {
    const { status, report } = validate('    - name: chart\n      type: helm\n      properties:\n        chart: podinfo\n        version: 6.5.0\n        source: {url: "https://stefanprodan.github.io/podinfo"}\n');
    expect(status).toBe(1);
    expect(report.diagnostics[0]).toMatchObject({ refusalClass: 'registry' });
    expect(report.diagnostics[0].message).toContain('HelmRepository url "https://stefanprodan.github.io/podinfo": host "stefanprodan.github.io" is not one of the allowed registries [quay.io *.example.com]');
  });

  it('refuses a bare oci:// artifact outside the list, and allows one inside it', () => {
    const oci = (url: string) => `    - name: manifests\n      type: oci\n      properties:\n        source: {url: "${url}"}\n        version: 6.7.0\n        path: ./kustomize\n`;
    const refused = validate(oci('oci://ghcr.io/stefanprodan/manifests/podinfo'));
    expect(refused.status).toBe(1);
    expect(refused.report.diagnostics[0]).toMatchObject({ refusalClass: 'registry' });
    expect(validate(oci('oci://charts.example.com/podinfo')).report.valid).toBe(true);
  });

  it('refuses an S3 bucket endpoint outside the list', () => {
    const { report } = validate('    - name: chart\n      type: helm\n      properties:\n        chart: podinfo\n        source: {kind: Bucket, endpoint: s3.amazonaws.com, bucketName: charts}\n');
    expect(report.diagnostics[0]).toMatchObject({ refusalClass: 'registry' });
    expect(report.diagnostics[0].message).toContain('Bucket endpoint "s3.amazonaws.com"');
  });

  it('refuses a Flux source a passthrough carries', () => {
    const { report } = validate(
      '    - name: source\n      type: passthrough\n      properties:\n        object:\n          apiVersion: source.toolkit.fluxcd.io/v1\n          kind: OCIRepository\n          metadata: {name: podinfo}\n          spec: {url: "oci://docker.io/acme/podinfo", interval: 10m}\n',
    );
    expect(report.diagnostics[0]).toMatchObject({ refusalClass: 'registry', path: 'spec.components[0].properties.object.spec.url' });
  });
});
