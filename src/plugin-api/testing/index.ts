export { HandlerTester, type ComponentCase, type TraitCase, type ExpectedError } from './handler-tester.js';
export { createTestContext, createLoweringTestContext, type TestContextOptions } from './test-context.js';
