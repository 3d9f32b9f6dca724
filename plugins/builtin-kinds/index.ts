import { definePlugin } from 'kurel/plugin-api';
import { kinds as core } from './families/core.js';
import { kinds as crdPackages } from './families/crd-packages.js';
import { kinds as flux } from './families/flux.js';
import { kinds as operators } from './families/operators.js';
import { coreExamples } from './examples/core.js';
import { crdPackageExamples } from './examples/crd-packages.js';
import { fluxExamples } from './examples/flux.js';
import { withExamples } from './examples/with-examples.js';
import { operatorExamples } from './examples/operators.js';

// The kind components of the reference allowlist, as data: one table per family.
export default definePlugin({
  meta: { name: 'kurel-builtin-kinds', version: '0.1.0', kurelApi: '^1.0.0' },
  components: withExamples([...core, ...crdPackages, ...flux, ...operators], coreExamples, crdPackageExamples, fluxExamples, operatorExamples),
});
