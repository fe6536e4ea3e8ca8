#!/usr/bin/env node
/** Runs a check command (typecheck, lint) and records it as one passed or failed check for the CI summary. */
const { spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const [name, ...command] = process.argv.slice(2);
const result = spawnSync(command[0], command.slice(1), { stdio: 'inherit', shell: false });
const ok = result.status === 0;
const dir = path.resolve(__dirname, '..', '.reports');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ passed: ok ? 1 : 0, failed: ok ? 0 : 1 }));
process.exit(result.status ?? 1);
