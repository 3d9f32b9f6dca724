import { checkTreeWithKustomize } from './kustomize-check.js';
import { describeGoldenTrees } from './golden-tree.js';

// Golden Flux trees (see golden-tree.ts for a case's files); every tree is built with the real kustomize.
describeGoldenTrees({ casesDir: 'test/golden-flux', title: 'golden Flux trees (kurel build -o DIR --layout flux)', check: checkTreeWithKustomize });
