// Writes oclif.manifest.json so the CLI starts without scanning and importing every command.
import { execFileSync } from 'node:child_process';
execFileSync(process.execPath, ['node_modules/oclif/bin/run.js', 'manifest'], { stdio: ['ignore', 'ignore', 'inherit'] });
