/**
 * Builds the deterministic seed world. Everything derives from the PRNG seed and the start instant, and
 * nothing proportional to readings is stored: readings are computed on the fly (readings-synth.ts).
 */
import type { FileRecord, Site, Source, SourceKind, Task, User } from './model.ts';
import { createPrng, pick } from './prng.ts';
import { API_USER_ID, CORE_SOURCES, HEALTHY_CAMERA, KINDS, SEED_USERS, SITES } from './seed-catalog.ts';
import type { SeedOptions } from './types.ts';

export interface ResolvedSeed {
  sources: number;
  tasks: number;
  days: number;
  seed: number;
  readingIntervalSeconds: number;
}

export interface World {
  sites: Site[];
  users: User[];
  /** Sorted in the fixed list order of GET /data-sources: type, then name, then ID. */
  sources: Source[];
  sourceById: Map<string, Source>;
  tasks: Task[];
  taskById: Map<string, Task>;
  files: Map<string, FileRecord>;
}

export const DEFAULT_SEED: ResolvedSeed = {
  sources: 40,
  tasks: 60,
  days: 14,
  seed: 1,
  readingIntervalSeconds: 900,
};

export function resolveSeed(opts: SeedOptions | undefined): ResolvedSeed {
  return {
    ...DEFAULT_SEED,
    ...Object.fromEntries(Object.entries(opts ?? {}).filter(([, v]) => v !== undefined)),
  };
}

const DAY = 86_400_000;
const EXTRA_KINDS: SourceKind['key'][] = ['energy', 'flow', 'climate', 'energy', 'flow', 'form', 'camera'];
const EXTRA_PREFIX: Record<SourceKind['key'], string> = {
  energy: 'Feeder',
  flow: 'Pump',
  climate: 'Room',
  gateway: 'Gateway',
  form: 'Checklist',
  camera: 'Camera',
};

/** Fixed comparator of the data-source list: type (ordinal), then name, then ID (numeric). */
export function compareSources(a: Source, b: Source): number {
  return (
    a.kind.type.ordinal - b.kind.type.ordinal ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.num - b.num
  );
}

function siteOf(id: string): Site {
  const site = SITES.find((s) => s.id === id);
  if (!site) throw new Error(`unknown seed site ${id}`);
  return site;
}

function buildSource(
  num: number,
  kind: SourceKind,
  site: Site,
  name: string,
  startMs: number,
  seed: ResolvedSeed,
  rand: () => number,
): Source {
  const intervalMs = (kind.intervalSeconds ?? seed.readingIntervalSeconds) * 1000;
  const from = Math.floor((startMs - seed.days * DAY) / intervalMs) * intervalMs;
  return {
    id: String(num),
    num,
    name,
    kind,
    site,
    isShared: false,
    externalId: kind.key === 'energy' ? `EM-${num}` : null,
    description: `${kind.type.name} at ${site.name}`,
    createdMs: from - Math.floor(rand() * 90 + 10) * DAY,
    readingsFromMs: from,
    intervalMs,
    validationStatus: 20,
    deviceStatus: null,
    silentSinceMs: null,
    ipAddress: kind.push
      ? null
      : `10.${Number(site.id) % 256}.${Math.floor(num / 250) % 256}.${(num % 250) + 2}`,
  };
}

function seedSources(seed: ResolvedSeed, startMs: number, rand: () => number): Source[] {
  const out: Source[] = [];
  let num = 1001;
  for (const core of CORE_SOURCES) {
    const source = buildSource(num++, KINDS[core.kind], siteOf(core.site), core.name, startMs, seed, rand);
    source.isShared = core.shared ?? false;
    if (core.noReadings) source.readingsFromMs = null;
    if (core.validation) source.validationStatus = core.validation;
    out.push(source);
  }
  for (let i = out.length; i < seed.sources; i++) {
    const kind = KINDS[EXTRA_KINDS[i % EXTRA_KINDS.length] ?? 'energy'];
    const site = SITES[i % SITES.length] ?? siteOf('101');
    const code = site.name.slice(0, 3).toUpperCase();
    const name = `${EXTRA_PREFIX[kind.key]} ${code}-${String(num).padStart(5, '0')}`;
    out.push(buildSource(num++, kind, site, name, startMs, seed, rand));
  }
  for (const source of out) {
    if (source.kind.key !== 'camera') continue;
    const battery = source.name === 'Entrance Camera' ? 17 : 40 + Math.floor(rand() * 60);
    source.deviceStatus = {
      ...HEALTHY_CAMERA,
      battery,
      temperature: 30 + Math.floor(rand() * 15),
      reportedAt: new Date(startMs - 3_600_000).toISOString(),
    };
  }
  return out.sort(compareSources);
}

const TASK_VERBS = [
  'Inspect',
  'Replace filter on',
  'Calibrate',
  'Clean',
  'Check wiring of',
  'Lubricate',
  'Investigate alarm on',
];
const MANUAL_TASKS = [
  'Fire extinguisher audit',
  'Update shift roster',
  'Order spare gaskets',
  'Repaint floor markings',
  'Review lockout procedure',
  'Fix dock door seal',
];
const STATUS_CYCLE = ['5', '10', '20', '25'];
const PRIORITY_CYCLE: (string | null)[] = ['5', '10', '15', null];

function seedTasks(
  seed: ResolvedSeed,
  startMs: number,
  sources: Source[],
  users: User[],
  rand: () => number,
): Task[] {
  const bySite = new Map<string, Source[]>();
  for (const s of sources)
    if (s.num < 1001 + CORE_SOURCES.length) bySite.set(s.site.id, [...(bySite.get(s.site.id) ?? []), s]);
  const tasks: Task[] = [];
  for (let i = 0; i < seed.tasks; i++) {
    const site = SITES[i % SITES.length] ?? siteOf('101');
    const siteSources = bySite.get(site.id) ?? [];
    const device = i % 3 === 0 && siteSources.length > 0 ? pick(rand, siteSources) : null;
    const people = users.filter((u) => u.siteIds.includes(site.id));
    const assignee = i % 6 === 5 || people.length === 0 ? null : pick(rand, people);
    const statusId = STATUS_CYCLE[i % 4] ?? '5';
    const createdMs = startMs - Math.floor(rand() * 20 * DAY) - DAY;
    const due =
      i % 7 === 6
        ? null
        : new Date(createdMs + Math.floor(rand() * 14 - 3) * DAY + 3 * DAY).toISOString().slice(0, 10);
    const done = statusId === '20' ? createdMs + Math.floor(rand() * 2 * DAY) + 3_600_000 : null;
    tasks.push({
      id: String(3001 + i),
      name: device
        ? `${pick(rand, TASK_VERBS)} ${device.name}`
        : `${pick(rand, MANUAL_TASKS)} (${site.name})`,
      description: i % 4 === 3 ? null : `Seeded task ${i + 1} for ${site.name}.`,
      siteId: site.id,
      typeId: device ? '3' : '1',
      deviceId: device?.id ?? null,
      statusId,
      priorityId: PRIORITY_CYCLE[Math.floor(i / 4) % 4] ?? null,
      assigneeId: assignee?.id ?? null,
      dueDate: due,
      doneMs: done,
      progressMs: statusId === '5' ? null : createdMs + 1_800_000,
      createdMs,
      createdBy: API_USER_ID,
      modifiedMs: done ?? createdMs + 1_800_000,
      modifiedBy: assignee?.id ?? API_USER_ID,
      timeSpentMinutes: statusId === '20' ? 30 + Math.floor(rand() * 300) : 0,
      timeSpentMandatory: i % 5 === 0,
      channelId: site.channelId,
      fileIds: [],
      formattedDescription: null,
      postId: 90001 + i,
      postInFeed: statusId !== '25',
    });
  }
  return tasks;
}

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

function seedFiles(startMs: number): Map<string, FileRecord> {
  const base = {
    createdBy: Number(API_USER_ID),
    origin: 'web',
    companyId: '42',
    conversationId: null,
    deviceId: null,
  };
  const files: FileRecord[] = [
    {
      ...base,
      id: '8001',
      name: 'pump-inspection.png',
      fileType: 'png',
      contentType: 'image/png',
      bytes: Buffer.from(PNG_1X1, 'base64'),
      createdMs: startMs - 2 * DAY,
      originProperties: { note: 'seed' },
      siteId: '101',
    },
    {
      ...base,
      id: '8002',
      name: 'maintenance-report.pdf',
      fileType: 'pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('%PDF-1.4\n% sandbox seed report\n'.repeat(8)),
      createdMs: startMs - DAY,
      originProperties: null,
      siteId: '102',
    },
    {
      ...base,
      id: '8003',
      name: 'berlin-shift-notes.csv',
      fileType: 'csv',
      contentType: 'text/csv',
      bytes: Buffer.from('shift,notes\nA,ok\nB,filter changed\n'.repeat(5)),
      createdMs: startMs - DAY,
      originProperties: null,
      siteId: '101',
    },
  ];
  return new Map(files.map((f) => [f.id, f]));
}

export function buildWorld(seed: ResolvedSeed, startMs: number): World {
  const rand = createPrng(seed.seed);
  const sources = seedSources(seed, startMs, rand);
  const users = SEED_USERS.map((u) => ({ ...u, siteIds: [...u.siteIds] }));
  const tasks = seedTasks(seed, startMs, sources, users, rand);
  return {
    sites: SITES.map((s) => ({ ...s })),
    users,
    sources,
    sourceById: new Map(sources.map((s) => [s.id, s])),
    tasks,
    taskById: new Map(tasks.map((t) => [t.id, t])),
    files: seedFiles(startMs),
  };
}
