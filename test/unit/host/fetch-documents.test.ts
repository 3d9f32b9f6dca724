import { describe, expect, it } from 'vitest';
import { fetchDocuments, hostAllowed } from '../../../src/host/network/fetch-documents.js';
import { KurelError } from '../../../src/plugin-api/diagnostics.js';

describe('hostAllowed', () => {
  it('allows any host without a policy, else exact hosts and *.subdomains', () => {
    expect(hostAllowed('anything.example', {})).toBe(true);
    const policy = { allowedRegistries: ['charts.example.com', '*.example.org'] };
    expect(hostAllowed('charts.example.com', policy)).toBe(true);
    expect(hostAllowed('cdn.example.org', policy)).toBe(true);
    expect(hostAllowed('example.org', policy)).toBe(false);
    expect(hostAllowed('evil-charts.example.com', policy)).toBe(false);
  });
});

describe('fetchDocuments', () => {
  it('refuses schemes other than http and https, naming the component', async () => {
    const error = await fetchDocuments([{ url: 'file:///etc/passwd', component: 'remote', where: { file: 'app.yaml', line: 3, column: 5 } }], {}).catch((e) => e);
    expect(error).toBeInstanceOf(KurelError);
    expect(error.diagnostics[0]).toMatchObject({ file: 'app.yaml', line: 3, component: 'remote' });
    expect(error.message).toContain('only http and https URLs are fetched, not file:');
    expect(error.refusalClass).toBeUndefined();
  });

  it('refuses a host outside the allowed registries before any request, as a refusal of class registry', async () => {
    const error = await fetchDocuments([{ url: 'https://elsewhere.example/x.yaml', component: 'remote', where: {} }], { allowedRegistries: ['charts.example.com'] }).catch((e) => e);
    expect(error).toBeInstanceOf(KurelError);
    expect(error.refusalClass).toBe('registry');
    expect(error.message).toBe('component "remote": url "https://elsewhere.example/x.yaml": host "elsewhere.example" is not one of the allowed registries (charts.example.com)');
  });
});
