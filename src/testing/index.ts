export { HandlerTester, type HandlerTesterOptions, type ComponentCase, type TraitCase, type PolicyCase, type ExpectedError } from './handler-tester.js';
export type { ComponentSpec, TraitSpec, PolicySpec } from './application.js';
