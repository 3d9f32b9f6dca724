import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes a stand-in helm into `dir` that records each call's argv in `$FAKE_HELM_LOG` (one line
 * per call, plus the values file's mode and text) and answers as helm would: its version
 * (`$FAKE_HELM_VERSION`), a one-ConfigMap render, and failure of the subcommand `$FAKE_HELM_FAIL`.
 */
export function writeFakeHelm(dir: string): string {
  const path = join(dir, 'helm');
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      'echo "$*" >> "$FAKE_HELM_LOG"',
      'if [ "$1" = "$FAKE_HELM_FAIL" ]; then echo "Error: $1 went wrong" >&2; exit 1; fi',
      'case "$1" in',
      '  version) echo "${FAKE_HELM_VERSION:-v4.1.4}" ;;',
      '  template)',
      '    while [ $# -gt 0 ]; do if [ "$1" = --values ]; then stat -c %a "$2" >> "$FAKE_HELM_LOG"; cat "$2" >> "$FAKE_HELM_LOG"; echo >> "$FAKE_HELM_LOG"; fi; shift; done',
      '    printf -- "---\\n# Source: c/templates/cm.yaml\\napiVersion: v1\\nkind: ConfigMap\\nmetadata: {name: rendered}\\n" ;;',
      'esac',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return path;
}
