import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { kurelIn, scratchFolder } from './support.js';

// Errors name values as an author wrote them: a list, a map, a string, a number. No Go or
// JavaScript type name, and no text of an exception the engine caught.

const scratch = scratchFolder('kurel-words-');

const FOREIGN_WORDS = /interface \{\}|\[\]string|map\[|float64|\bint(32|64)?\b|\bbool\b|\bobject\b|undefined|TypeError|RangeError|call stack|\n\s+at /;

function validate(properties: string, traits = '') {
  writeFileSync(
    join(scratch.dir, 'app.yaml'),
    `apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: {name: shop, namespace: shop}\nspec:\n  components:\n    - name: web\n      type: webservice\n      properties:\n${properties}${traits}`,
  );
  return kurelIn(scratch.dir, ['validate', 'app.yaml']);
}

describe("errors in the user's words", () => {
  it('says "expected a string, got a list" where the reference said []interface {}', () => {
    const result = validate('        image: [ghcr.io/a/b, "1.0"]\n        port: 80\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('image: component "web" (type "webservice"): expected a string, got a list');
    expect(result.stderr).not.toMatch(FOREIGN_WORDS);
  });

  it('names a map, a number and true or false the same way', () => {
    const cases: Array<[string, RegExp]> = [
      ['        image: {name: x}\n        port: 80\n', /expected a string, got a map/],
      ['        image: ghcr.io/a/b:1.0.0\n        port: "eighty"\n', /expected a whole number, got a string/],
      ['        image: ghcr.io/a/b:1.0.0\n        port: 80\n        replicas: true\n', /expected a whole number, got true/],
      ['        image: ghcr.io/a/b:1.0.0\n        port: 80\n        env: 12\n', /expected a list, got a number/],
    ];
    for (const [properties, message] of cases) {
      const result = validate(properties);
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(FOREIGN_WORDS);
    }
  });

  it('names a YAML 1.1 timestamp or binary value by its tag, at its key, where the author wrote a map of strings', () => {
    const result = validate('        image: ghcr.io/a/b:1.0.0\n        port: 80\n        env:\n          - name: A\n            value: !!timestamp 2001-12-14\n          - name: B\n            value: !!binary aGk=\n');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('app.yaml:13:13 spec.components[0].properties.env[0].value: component "web" (type "webservice"): expected a string, got a timestamp (!!timestamp)');
    expect(result.stderr).toContain('app.yaml:15:13 spec.components[0].properties.env[1].value: component "web" (type "webservice"): expected a string, got binary data (!!binary)');
    expect(result.stderr).not.toMatch(FOREIGN_WORDS);
  });

  it('speaks of a map where the document itself has the wrong shape', () => {
    writeFileSync(join(scratch.dir, 'app.yaml'), 'apiVersion: launcher.gokure.dev/v1alpha1\nkind: Application\nmetadata: [shop]\nspec: {components: []}\n');
    const result = kurelIn(scratch.dir, ['validate', 'app.yaml']);
    expect(result.stderr).toContain('expected a map, got a list');
    expect(result.stderr).not.toMatch(FOREIGN_WORDS);
  });
});
