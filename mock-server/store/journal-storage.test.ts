import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { segmentFile, segmentNumbers } from './files';
import { describeStorage } from './storage-conformance';
import { openStore } from './store';

/** The journal and snapshots (store.ts) against the durability every storage engine must keep. */
const lastSegment = (dir: string) => join(dir, segmentFile(Math.max(...segmentNumbers(dir))));

describeStorage({
  name: 'the journal',
  open: openStore,
  module: './mock-server/store/store.ts',
  tearLastWrite: (dir) => {
    const file = lastSegment(dir);
    truncateSync(file, readFileSync(file).length - 12);
  },
  damageAWrite: (dir) => {
    const file = lastSegment(dir);
    const lines = readFileSync(file, 'utf8').split('\n');
    // lines[0] is the segment's header; lines[1] a write with others after it.
    lines[1] = lines[1]!.replace('Write', 'Wrote');
    writeFileSync(file, lines.join('\n'));
  },
});
