/**
 * The assignable staff of the project screens' tests and stories, added to the API
 * client's fake (fake.seed.user) beside the demo seed's inspector and installers: two roof
 * inspectors and two installers, so a project manager has a choice in each picker.
 */
import type { FakeBackend, FakeUser } from '@solar/api/mock';

/** The staff added by {@link seedStaff}: name and email of each, by role. */
export const STAFF = {
  roofInspectors: [
    { name: 'Ina Bekova', email: 'ina@example.com' },
    { name: 'Oleg Petrov', email: 'oleg@example.com' },
  ],
  installers: [
    { name: 'Ivan Kuznetsov', email: 'ivan@example.com' },
    { name: 'Timur Asanov', email: 'timur@example.com' },
  ],
} as const;

/** Adds {@link STAFF} to `fake` (active accounts, password Password1); returns them by email. */
export function seedStaff(fake: FakeBackend): Map<string, FakeUser> {
  const added = new Map<string, FakeUser>();
  for (const person of STAFF.roofInspectors)
    added.set(person.email, fake.seed.user({ ...person, role: 'roof_inspector' }));
  for (const person of STAFF.installers)
    added.set(person.email, fake.seed.user({ ...person, role: 'installer' }));
  return added;
}
