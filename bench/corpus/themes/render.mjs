// Render JSON Resume documents to HTML through installed themes.
// Usage: node render.mjs JOBS.json, where JOBS.json is [{"theme": "even", "resume": "a.json", "html": "a.html"}, ...].
// Run from a copy beside the node_modules the themes were installed into (ESM imports ignore NODE_PATH).
import { createRequire } from 'module';
import fs from 'fs';

const require = createRequire(import.meta.url);
const jobs = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const loaded = {};
let failed = 0;

async function theme(name) {
  if (!loaded[name]) {
    const id = 'jsonresume-theme-' + name;
    let mod;
    try { mod = require(id); } catch (e) { mod = await import(id); }
    loaded[name] = mod.render || (mod.default && mod.default.render) || mod.default;
  }
  return loaded[name];
}

// Some themes log moment.js deprecation warnings on every date: keep stdout for our own lines.
console.warn = () => {};
for (const job of jobs) {
  try {
    const render = await theme(job.theme);
    const resume = JSON.parse(fs.readFileSync(job.resume, 'utf8'));
    fs.writeFileSync(job.html, await render(resume));
  } catch (e) {
    failed += 1;
    process.stderr.write(`${job.theme} ${job.resume}: ${String(e).slice(0, 300)}\n`);
  }
}
process.exit(failed ? 1 : 0);
