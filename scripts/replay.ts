import { readFileSync } from 'node:fs';
import { parseRecording } from '../machines/recording';
import { MACHINES } from '../machines/registry';
import { formatReplay, replayRecording } from '../machines/replay';

/**
 * `npm run replay -- recording.json [more.json ...]`: replays QA's flow recordings on this build's machines
 * in Node, effects answered from the recording, and prints each state timeline. Exits 1 when a recording
 * cannot be read, was made with another version of a machine, or diverges (the state it names).
 */
const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('Give a recording: npm run replay -- flow.json');
  process.exit(2);
}
let failed = false;
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    console.error(`${file}: cannot be read.`);
    failed = true;
    continue;
  }
  const recording = parseRecording(text);
  if ('error' in recording) {
    console.error(`${file}: ${recording.error}`);
    failed = true;
    continue;
  }
  console.log(
    `${file}${recording.title ? ` (${recording.title})` : ''}: recorded ${recording.recordedAt} on ${recording.page}`,
  );
  const result = replayRecording(recording, MACHINES);
  console.log(formatReplay(result));
  if (!result.ok) failed = true;
}
process.exit(failed ? 1 : 0);
