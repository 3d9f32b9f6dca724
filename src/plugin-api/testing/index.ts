export { HandlerTester, type ComponentCase, type TraitCase, type ExpectedError } from './handler-tester.js';
export { createTestContext, type TestContextOptions } from './test-context.js';
