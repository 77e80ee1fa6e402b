/**
 * Demo data: a few hundred realistic accounts across all seven roles, for the UI,
 * screenshots and benchmarks. Deterministic for a given seed; emails end in
 * `@demo.solar.local`; existing emails are left alone, so running it twice adds nothing.
 * Every demo account shares one password (hashed once with argon2id).
 */
import { roleToUserType, type RoleKey } from '@solar/domain';
import { hashPassword } from '../auth/password.ts';
import type { Db } from '../db/database.ts';
import { users } from '../db/schema.ts';

const FIRST = [
  'Aibek',
  'Aizada',
  'Bakyt',
  'Bermet',
  'Cholpon',
  'Daniyar',
  'Elnura',
  'Emil',
  'Gulnara',
  'Ilyas',
  'Jyldyz',
  'Kanat',
  'Kyial',
  'Meerim',
  'Nurlan',
  'Saltanat',
  'Timur',
  'Zarina',
  'Anna',
  'Dmitry',
  'Elena',
  'Ivan',
  'Olga',
  'Sergey',
  'Carlos',
  'Lucia',
  'Mateo',
  'Sofia',
  'James',
  'Emily',
  'Michael',
  'Sarah',
];
const LAST = [
  'Abdyldaev',
  'Asanova',
  'Bekov',
  'Dzhumabaeva',
  'Isakov',
  'Kadyrova',
  'Mamatov',
  'Osmonova',
  'Sadykov',
  'Toktogulova',
  'Usenov',
  'Zhunusova',
  'Ivanov',
  'Petrova',
  'Smirnov',
  'Garcia',
  'Martinez',
  'Lopez',
  'Smith',
  'Johnson',
  'Brown',
];

/** Roles by weight: mostly clients, a few staff and suppliers (sums to 100). */
const ROLE_WEIGHTS: [RoleKey, number][] = [
  ['admin', 2],
  ['project_manager', 6],
  ['installer', 10],
  ['roof_inspector', 6],
  ['client_residential', 52],
  ['client_commercial', 18],
  ['supplier', 6],
];

/** A small seeded PRNG (mulberry32), so that demo data is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoOptions {
  /** How many accounts (default 300). */
  count?: number;
  /** The shared password (default `Demo12345`). */
  password?: string;
  seed?: number;
  /** "Now", epoch ms: accounts were created within the year before it. */
  now?: number;
}

/**
 * Inserts the demo accounts; resolves to how many were new. The first seven cover every
 * role; the rest follow {@link ROLE_WEIGHTS}. About 90 % are active, 75 % confirmed, and
 * 20 % never signed in.
 */
export async function seedDemoUsers(db: Db, options: DemoOptions = {}): Promise<number> {
  const count = options.count ?? 300;
  const now = options.now ?? Date.now();
  const rand = random(options.seed ?? 42);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const passwordHash = await hashPassword(options.password ?? 'Demo12345');
  const year = 365 * 24 * 3600 * 1000;
  const rows = Array.from({ length: count }, (_, i) => {
    let role: RoleKey = ROLE_WEIGHTS[i % ROLE_WEIGHTS.length]![0];
    if (i >= ROLE_WEIGHTS.length) {
      let r = rand() * 100;
      for (const [key, weight] of ROLE_WEIGHTS) {
        r -= weight;
        if (r < 0) {
          role = key;
          break;
        }
      }
    }
    const first = pick(FIRST);
    const last = pick(LAST);
    const createdAt = new Date(now - Math.floor(rand() * year));
    const neverSignedIn = rand() < 0.2;
    const lastLoginAt = neverSignedIn
      ? null
      : new Date(createdAt.getTime() + Math.floor(rand() * (now - createdAt.getTime())));
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}.${i + 1}@demo.solar.local`.toLowerCase(),
      passwordHash,
      userType: roleToUserType(role),
      isActive: rand() < 0.9,
      emailConfirmed: rand() < 0.75,
      locale: pick(['en', 'en', 'es', 'ru', 'ru'] as const),
      createdAt,
      updatedAt: createdAt,
      lastLoginAt,
    };
  });
  let added = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const inserted = await db
      .insert(users)
      .values(rows.slice(i, i + 100))
      .onConflictDoNothing()
      .returning({ id: users.id });
    added += inserted.length;
  }
  return added;
}
