import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The one dependency rule (README, "Architecture"): imports point down only,
// main → feature → kit | directory → monitoring | store; a feature reaches another only through its index.ts
// (pure code: the other feature's rules/index.ts); rules/ and service/ never import @slack/* or kit/; monitoring/
// and sandbox/ share nothing; slack-standin/ imports none of the app's Slack code. Imports inside src are relative,
// so each pattern matches a path that climbs out of the importing folder (`../../kit/…`) into the named folder.
// The import-cycle test (test/architecture) checks the same graph for cycles between folders.
const FEATURES = [
  'tasks',
  'readings',
  'alerts',
  'posts',
  'files',
  'home',
  'access',
  'forms',
  'installs',
  'connections',
  'rounds',
  'workflows',
];
const escape = (name) => name.replace(/[.]/g, '\\.');
const into = (folders, message, tail = '(?:/|$)') => ({
  regex: `^(?:\\.\\./)+(?:${folders.map(escape).join('|')})${tail}`,
  caseSensitive: true,
  message,
});
const noSlack = (why) => ({ regex: '^@slack/', caseSensitive: true, message: why });
const RETURNS_DATA = "rules/ and service/ return data; the feature's slack/ renders and sends it.";
// rules/ and service/ sit below their own feature's listeners (`../slack/…`); rules/ also below its renderers.
// (A service may hand its errors the blocks they are shown with — access/service/errors.ts.)
const ownLayer = (layers) => ({
  regex: `^\\.\\./(?:${layers.join('|')})(?:/|$)`,
  caseSensitive: true,
  message: RETURNS_DATA,
});
const otherFeatures = (feature, { pureOnly = false } = {}) =>
  into(
    FEATURES.filter((f) => f !== feature),
    pureOnly
      ? 'Pure code reaches another feature only through its rules/index.ts.'
      : 'A feature reaches another only through its index.ts (pure code: rules/index.ts).',
    pureOnly ? '(?!/rules/index\\.ts$)(?:/|$)' : '(?!/index\\.ts$|/rules/index\\.ts$)(?:/|$)',
  );
const restrict = (files, patterns, ignores) => ({
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});
const lowerNeverFeature = into(FEATURES, 'Imports point down only: this folder never imports a feature.');
// The runtime replaces parts of Bolt; features declare entries (src/kit/entry.ts) and never reach into it.
const RUNTIME_APART = into(
  ['runtime'],
  'Features never import src/runtime/: declare an entry (src/kit/entry.ts).',
);
const ROOT_ON_TOP = into(['main'], 'Nothing imports the composition root (src/main/).');
const dependencyRule = [
  ...FEATURES.flatMap((feature) => [
    restrict(
      [`src/${feature}/**`],
      [otherFeatures(feature), RUNTIME_APART, ROOT_ON_TOP],
      [`src/${feature}/rules/**`, `src/${feature}/service/**`],
    ),
    restrict(
      [`src/${feature}/rules/**`],
      [
        noSlack(RETURNS_DATA),
        into(['kit'], RETURNS_DATA),
        ownLayer(['slack', 'render']),
        otherFeatures(feature, { pureOnly: true }),
        RUNTIME_APART,
        ROOT_ON_TOP,
      ],
    ),
    restrict(
      [`src/${feature}/service/**`],
      [
        noSlack(RETURNS_DATA),
        into(['kit'], RETURNS_DATA),
        ownLayer(['slack']),
        otherFeatures(feature),
        RUNTIME_APART,
        ROOT_ON_TOP,
      ],
    ),
  ]),
  restrict(
    ['src/kit/**'],
    [
      lowerNeverFeature,
      into(['directory'], 'kit/ and directory/ stand side by side.'),
      into(['runtime'], 'kit/ is what features use; the runtime builds on it, not the other way.'),
      ROOT_ON_TOP,
    ],
  ),
  restrict(['src/runtime/**'], [lowerNeverFeature, ROOT_ON_TOP]),
  // ops/ (issue 42: /metrics, the audit trail) sits below the features, which record into it; the registry itself is
  // base/metrics.ts, so the runtime and the bottom layers record without importing ops/.
  restrict(
    ['src/ops/**'],
    [
      lowerNeverFeature,
      into(
        ['runtime'],
        'ops/ is used by features and the runtime is handed its routes; it never imports the runtime.',
      ),
      ROOT_ON_TOP,
    ],
  ),
  restrict(
    ['src/base/**'],
    [
      into(
        [...FEATURES, 'kit', 'runtime', 'main', 'directory'],
        'base/ is the bottom layer: config, log, lifecycle, deps; it imports nothing above it.',
      ),
    ],
  ),
  restrict(
    ['src/directory/**'],
    [
      lowerNeverFeature,
      into(['kit'], 'directory/ has no Slack in it.'),
      noSlack('directory/ has no Slack in it.'),
    ],
  ),
  restrict(
    ['src/monitoring/**'],
    [
      lowerNeverFeature,
      into(
        ['kit', 'directory', 'store'],
        'monitoring/ is the bottom layer: it imports no other part of the app.',
      ),
      into(
        ['sandbox'],
        'monitoring/ and sandbox/ are two independent readings of the contract: they share nothing.',
      ),
      noSlack('monitoring/ knows nothing of Slack.'),
    ],
  ),
  restrict(
    ['src/store/**'],
    [
      lowerNeverFeature,
      into(
        ['kit', 'directory', 'monitoring'],
        'store/ is the bottom layer: it imports no other part of the app.',
      ),
      noSlack('store/ knows nothing of Slack.'),
    ],
  ),
  restrict(
    ['src/sandbox/**'],
    [
      into(
        ['monitoring'],
        'monitoring/ and sandbox/ are two independent readings of the contract: they share nothing.',
      ),
      into(
        [...FEATURES, 'kit', 'directory', 'store'],
        'The sandbox is a platform of its own: it imports nothing of the app.',
      ),
    ],
  ),
  restrict(
    ['src/slack-standin/**'],
    [
      into(
        [...FEATURES, 'kit', 'runtime', 'main'],
        "The Slack stand-in plays Slack: it imports none of the app's Slack code.",
      ),
    ],
  ),
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'data/**', 'artifacts/**', 'docs/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['src/slack-standin/console/**/*.js'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        fetch: 'readonly',
        EventSource: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        URLSearchParams: 'readonly',
        location: 'readonly',
        history: 'readonly',
        HTMLElement: 'readonly',
        Event: 'readonly',
        FormData: 'readonly',
        clearTimeout: 'readonly',
        Node: 'readonly',
        CSS: 'readonly',
        localStorage: 'readonly',
        Intl: 'readonly',
      },
    },
  },
  ...dependencyRule,
);
