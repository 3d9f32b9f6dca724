export { KurelError, isKurelError, formatDiagnostic, formatPath, type Diagnostic, type DiagnosticPlace, type Severity } from '../plugin-api/diagnostics.js';
