import { lint, createConfig } from '@redocly/openapi-core';
const config = await createConfig({ extends: ['recommended'] });
const problems = await lint({ ref: process.argv[2], config });
const seen = new Set();
for (const p of problems) { const k = p.message + ' ' + p.location[0]?.pointer.replace(/\/\d+\//g, '/N/'); if (!seen.has(k) && p.location[0]?.pointer.startsWith(process.argv[3])) { seen.add(k); console.log(k); } }
