import { lint, createConfig } from '@redocly/openapi-core';
const config = await createConfig({ extends: ['recommended'] });
for (const file of process.argv.slice(2)) {
  const problems = await lint({ ref: file, config });
  const counts = {};
  for (const p of problems) { const k = p.message.replace(/`[^`]*`/g, '`X`').slice(0, 120) + ' @ ' + (p.location[0]?.pointer ?? '').split('/').slice(0, 4).join('/'); counts[k] = (counts[k] ?? 0) + 1; }
  console.log(file); for (const [k, v] of Object.entries(counts).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(v, k);
}
