import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js, shown failing: each case lints made-up source as if it were a real
 * file of the repo (the import rules resolve against the files on disk) and expects the rule's error.
 */

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: process.cwd(),
    ruleFilter: ({ ruleId }) => ruleId.startsWith('import-x/') || ruleId.startsWith('no-restricted-'),
  });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId ?? 'parse'}: ${m.message}`);
}

describe('the layers, enforced by lint', { timeout: 120_000 }, () => {
  it('fails a machine that imports a feature', async () => {
    const found = await problems(
      'machines/form/form.machine.ts',
      "import { discountBanner } from '../../src/features/pay/hints';\nexport const x = discountBanner;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*Machines import only xstate, src\/domain/),
    ]);
  });

  it('fails a machine that imports the client, and one that renders or fetches', async () => {
    expect(
      await problems(
        'machines/form/form.machine.ts',
        "import { ApiError } from '../../src/api/errors';\nexport const x = ApiError;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Machines import only/)]);
    const found = await problems(
      'machines/form/form.machine.ts',
      "import { useState } from 'react';\nexport const x = () => fetch('/x').then(() => useState);\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: /),
      expect.stringMatching(/^no-restricted-globals: /),
    ]);
  });

  it('fails I/O reached through globalThis in a machine', async () => {
    expect(await problems('machines/form/form.machine.ts', "export const x = () => globalThis.fetch('/x');\n")).toEqual(
      [expect.stringMatching(/^no-restricted-properties: /)],
    );
  });

  it('fails src/lib or src/api importing the kit', async () => {
    expect(
      await problems('src/lib/pagination.ts', "import { Table } from '../ui/Table';\nexport const x = Table;\n"),
    ).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The kit \(src\/ui\) builds on src\/api and src\/lib/),
    );
  });

  it('fails an actor created without the inspection hookup (QA inspects and records every actor)', async () => {
    expect(
      await problems(
        'src/features/pay/usePaySelection.ts',
        "import { useMachine } from '@xstate/react';\nexport const x = useMachine;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Use useFlowActor or useFlowMachine/)]);
    expect(
      await problems('src/api/links.ts', "import { createActor } from 'xstate';\nexport const x = createActor;\n"),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*Pass inspectOption\(\)/)]);
    expect(
      await problems(
        'src/features/pay/usePaySelection.ts',
        "import { useSelector } from '@xstate/react';\nimport { useFlowMachine } from '../../lib/inspection';\nexport const x = [useSelector, useFlowMachine];\n",
      ),
    ).toEqual([]);
  });

  it('fails a feature that imports another feature', async () => {
    const found = await problems(
      'src/features/invoices/layout.ts',
      "import { discountBanner } from '../pay/hints';\nexport const x = discountBanner;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*A feature never imports another feature/),
    ]);
  });

  it('fails upward imports: the kit into a feature or the app, the kernel into the client, a feature into the app', async () => {
    expect(
      await problems(
        'src/ui/Table.tsx',
        "import { discountBanner } from '../features/pay/hints';\nexport const x = discountBanner;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*sit below the features and the app/)]);
    expect(
      await problems('src/domain/money.ts', "import { ApiError } from '../api/errors';\nexport const x = ApiError;\n"),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*src\/domain is the kernel/)]);
    // (The app imports every screen, so this import also closes a cycle, which no-cycle reports too.)
    expect(
      await problems('src/features/pay/hints.ts', "import { App } from '../../app/App';\nexport const x = App;\n"),
    ).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: .*Features sit below the app/));
  });

  it('fails the mock provider importing anything of the app but the kernel', async () => {
    expect(
      await problems(
        'mock-server/csv.ts',
        "import { ApiError } from '../src/api/errors';\nexport const x = ApiError;\n",
      ),
    ).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*The mock provider imports only src\/domain/)]);
    expect(
      await problems(
        'mock-server/csv.ts',
        "import { REGIONS } from '../src/domain/regions';\nexport const x = REGIONS;\n",
      ),
    ).toEqual([]);
  });

  it('fails the build or a config importing anything but the kernel', async () => {
    expect(
      await problems(
        'build/pay.ts',
        "import { PAY_ROUTES } from '../src/features/pay/routes.ts';\nexport const x = PAY_ROUTES;\n",
      ),
    ).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The build and the configs import only src\/domain/),
    ]);
    expect(
      await problems(
        'vite.config.ts',
        "import { isDevPath } from './mock-server/dev-key.ts';\nexport const x = isDevPath;\n",
      ),
    ).toContainEqual(
      expect.stringMatching(/^import-x\/no-restricted-paths: .*The build and the configs import only src\/domain/),
    );
    expect(
      await problems(
        'build/pay.ts',
        "import { payPaths } from '../src/domain/access.ts';\nexport const x = payPaths;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('src/app/App.tsx', "import { SHELL } from '../../build/chunks';\nexport const x = SHELL;\n"),
    ).toContainEqual(expect.stringMatching(/^import-x\/no-restricted-paths: /));
  });

  it('fails a mock route, state or timer holding the writable database: rows are written through the repository', async () => {
    expect(
      await problems(
        'mock-server/routes/links.ts',
        "import type { Db } from '../db';\nexport const x = (db: Db) => db;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: .*write through ctx\.repository/)]);
    expect(
      await problems(
        'mock-server/routes/links.ts',
        "import type { Invoice } from '../db';\nexport const x = (invoice: Invoice) => invoice;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'mock-server/store/store.ts',
        "import type { Db } from '../db';\nexport const x = (db: Db) => db;\n",
      ),
    ).toEqual([]);
  });

  it('fails an import cycle', async () => {
    // src/domain/pay.ts imports ./thresholds: thresholds importing pay closes the loop.
    const found = await problems(
      'src/domain/thresholds.ts',
      "import { dueHint } from './pay';\nexport const x = dueHint;\n",
    );
    expect(found).toEqual([expect.stringMatching(/^import-x\/no-cycle: /)]);
  });

  it('passes imports that follow the arrows', async () => {
    expect(
      await problems(
        'machines/form/form.machine.ts',
        "import { toastText } from '../../src/domain/errors';\nexport const x = toastText;\n",
      ),
    ).toEqual([]);
    expect(
      await problems(
        'src/features/pay/hints.ts',
        "import { formatMoney } from '../../domain/money';\nimport { Table } from '../../ui/Table';\nexport const x = [formatMoney, Table];\n",
      ),
    ).toEqual([]);
  });
});
