import { join } from 'node:path';

/**
 * The reference material (conformance cases, reference examples) that sits beside a development
 * checkout. The vitest config finds it and runs this project only when it is there; a user's clone
 * has none, and the project is then left out with one printed reason.
 */
export const shared = process.env.KUREL_SHARED ?? '';
if (shared === '') throw new Error('the reference tests need KUREL_SHARED, which the vitest config sets when ../shared exists');

export const referenceExamples = join(shared, 'reference-examples');
