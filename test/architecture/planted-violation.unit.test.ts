/**
 * The dependency rule's two checks fail on a planted violation: the folder-cycle finder on a temp source tree
 * with a cycle, the lint rule on text linted as if it sat in the folder it breaks the rule from (ESLint's
 * lintText with a virtual path: nothing is written into src).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFolderGraph, describeFolderCycles } from './import-graph.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the folder-cycle check', () => {
  let fixture: string;
  const plant = async (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(fixture, path)), { recursive: true });
      await writeFile(join(fixture, path), text);
    }
  };

  beforeAll(async () => {
    fixture = await mkdtemp(join(tmpdir(), 'fieldline-import-graph-'));
    await plant({
      // tasks → kit → readings → tasks: a runtime cycle through three folders.
      'src/tasks/slack/list.ts':
        "import { chip } from '../../kit/blocks/chip.ts';\nexport const list = chip;\n",
      'src/kit/blocks/chip.ts': "export { rows as chip } from '../../readings/index.ts';\n",
      'src/readings/index.ts':
        "import { list } from '../tasks/slack/list.ts';\nexport const rows = () => list;\n",
      // store ↔ monitoring, by types only.
      'src/store/store.ts': "import type { Api } from '../monitoring/api.ts';\nexport type Store = Api;\n",
      'src/monitoring/api.ts': "import { type Store } from '../store/store.ts';\nexport type Api = Store;\n",
      // main → tasks and a package import: no cycle.
      'src/main/main.ts':
        "import { list } from '../tasks/slack/list.ts';\nimport { z } from 'zod';\nvoid list; void z;\n",
    });
  });
  afterAll(async () => {
    await rm(fixture, { recursive: true, force: true });
  });

  it('names a runtime cycle between folders with one file import per step', () => {
    const cycles = describeFolderCycles(buildFolderGraph(fixture));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toContain('cycle: src/kit → src/readings → src/tasks → src/kit');
    expect(cycles[0]).toContain(
      'src/kit → src/readings   (src/kit/blocks/chip.ts imports src/readings/index.ts)',
    );
    expect(cycles[0]).toContain(
      'src/tasks → src/kit   (src/tasks/slack/list.ts imports src/kit/blocks/chip.ts)',
    );
    expect(cycles[0]).not.toContain('src/main');
  });

  it('counts type-only imports when asked to', () => {
    const cycles = describeFolderCycles(buildFolderGraph(fixture, { types: true }));
    expect(cycles).toHaveLength(2);
    expect(cycles.join('\n')).toContain('cycle: src/monitoring → src/store → src/monitoring');
  });
});

describe('the lint rule (eslint.config.js, no-restricted-imports)', () => {
  const eslint = new ESLint({ cwd: root });
  const problems = async (path: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath: join(root, path) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  };

  it.each([
    [
      'src/tasks/rules/planted.ts',
      "import { App } from '@slack/bolt';\nexport const a = App;\n",
      /return data/,
    ],
    [
      'src/readings/service/planted.ts',
      "import { safeText } from '../../kit/blocks/mrkdwn.ts';\nexport const s = safeText;\n",
      /return data/,
    ],
    [
      'src/posts/service/planted.ts',
      "import { publishPost } from '../slack/publish-post.ts';\nexport const p = publishPost;\n",
      /return data/,
    ],
    [
      'src/home/rules/planted.ts',
      "import type { HomeTasks } from '../render/home-tasks.ts';\nexport type H = HomeTasks;\n",
      /return data/,
    ],
    [
      'src/kit/planted.ts',
      "import { TASK_ACTION } from '../tasks/render/task-ids.ts';\nexport const t = TASK_ACTION;\n",
      /never imports a feature/,
    ],
    [
      'src/home/render/planted.ts',
      "import { x } from '../../alerts/rules/model.ts';\nexport const y = x;\n",
      /only through its index\.ts/,
    ],
    [
      'src/tasks/rules/deep/planted.ts',
      "import { x } from '../../../alerts/index.ts';\nexport const y = x;\n",
      /rules\/index\.ts/,
    ],
    [
      'src/monitoring/planted.ts',
      "import { x } from '../sandbox/model.ts';\nexport const y = x;\n",
      /share nothing/,
    ],
    [
      'src/sandbox/handlers/planted.ts',
      "import type { Task } from '../../monitoring/api.ts';\nexport type T = Task;\n",
      /share nothing/,
    ],
    [
      'src/slack-standin/planted.ts',
      "import { createSlackApp } from '../runtime/app.ts';\nexport const c = createSlackApp;\n",
      /none of the app's Slack code/,
    ],
    // Issue 36: the runtime stands apart from the features and the kit; nothing imports the composition root.
    [
      'src/tasks/slack/planted.ts',
      "import { handOff } from '../../runtime/jobs/hand-off.ts';\nexport const h = handOff;\n",
      /never import src\/runtime/,
    ],
    [
      'src/kit/planted.ts',
      "import { receive } from '../runtime/entries.ts';\nexport const r = receive;\n",
      /the runtime builds on it/,
    ],
    [
      'src/base/planted.ts',
      "import type { Access } from '../access/index.ts';\nexport type A = Access;\n",
      /bottom layer/,
    ],
    [
      'src/runtime/planted.ts',
      "import { composeDeps } from '../main/compose.ts';\nexport const c = composeDeps;\n",
      /composition root/,
    ],
  ])('refuses %s', async (path, text, message) => {
    const found = await problems(path, text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });

  it.each([
    ['src/home/render/planted.ts', "import { x } from '../../alerts/index.ts';\nexport const y = x;\n"],
    ['src/tasks/rules/planted.ts', "import { x } from '../../alerts/rules/index.ts';\nexport const y = x;\n"],
    [
      'src/tasks/slack/planted.ts',
      "import { App } from '@slack/bolt';\nimport { y } from '../../kit/entry.ts';\nimport { z } from '../rules/open.ts';\nexport const a = [App, y, z];\n",
    ],
  ])('lets %s import what the rule allows', async (path, text) => {
    expect(await problems(path, text)).toEqual([]);
  });
});
