#!/usr/bin/env node
/** Sums the counts in .reports/*.json and prints the closing line CI reads. */
const fs = require('fs');
const path = require('path');

const dir = path.resolve(__dirname, '..', '.reports');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!file.endsWith('.json')) continue;
  const counts = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  for (const key of Object.keys(total)) total[key] += counts[key] ?? 0;
  console.log(
    `  ${file.replace(/\.json$/, '')}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  );
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
