/**
 * `npm run bench:bundle`: builds the app and reports each JavaScript chunk's size (raw and gzip), the
 * code the login route needs at first load (the entry and its static imports), and whether the chart
 * library and QA's inspector stay out of it. Prints a table; exits non-zero if either leaks into it.
 */
import { execSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
execSync('npx vite build --logLevel error', { stdio: 'inherit' });

const assets = join(DIST, 'assets');
const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const chunks = readdirSync(assets)
  .filter((name) => name.endsWith('.js'))
  .map((name) => {
    const code = readFileSync(join(assets, name));
    return {
      name,
      raw: statSync(join(assets, name)).size,
      gzip: gzipSync(code, { level: 9 }).length,
      code: code.toString('utf8'),
    };
  })
  .sort((a, b) => b.gzip - a.gzip);

const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = chunks.filter((c) => html.includes(c.name));
const initialGzip = initial.reduce((sum, c) => sum + c.gzip, 0);

console.log('chunk'.padEnd(44), 'raw KiB'.padStart(9), 'gzip KiB'.padStart(9));
for (const c of chunks) console.log(c.name.padEnd(44), kib(c.raw).padStart(9), kib(c.gzip).padStart(9));
console.log('');
console.log(`first load (index.html entry and preloads): ${initial.map((c) => c.name).join(', ')}`);
console.log(`first load gzip: ${kib(initialGzip)} KiB`);

const leaked = initial.filter((c) => /echarts|zrender/i.test(c.code));
if (leaked.length > 0) {
  console.error(`ECharts is in the first-load code: ${leaked.map((c) => c.name).join(', ')}`);
  process.exit(1);
}
console.log('ECharts is not in the first-load code.');

// QA's inspector (@statelyai/inspect, the recorder, the inspector page) loads only with ?inspect or at /__inspector.
const INSPECTOR = /@statelyai\.connected|anchor-portal-flow-recording/;
const inspectorLeak = initial.filter((c) => INSPECTOR.test(c.code));
if (inspectorLeak.length > 0) {
  console.error(`The inspector is in the first-load code: ${inspectorLeak.map((c) => c.name).join(', ')}`);
  process.exit(1);
}
const inspectorChunks = chunks.filter((c) => INSPECTOR.test(c.code));
console.log(
  `The inspector is not in the first-load code; it loads on demand: ${inspectorChunks.map((c) => `${c.name} ${kib(c.gzip)} KiB`).join(', ')}.`,
);
