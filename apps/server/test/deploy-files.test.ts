/**
 * The deployment files at the repository root (docs/operations.md) agree with the
 * server they deploy: .env.example documents every variable config.ts reads, each with a
 * comment, and the README's configuration table lists each; compose.yaml trusts X-Forwarded-For from Caddy's fixed address only and runs two
 * replicas, a migrate service and health-checked PostgreSQL and Redis; the Dockerfile's
 * health check is the liveness endpoint, its pnpm the bootstrap's version, and it runs as a
 * user without privileges. (`docker compose config` validates compose.yaml where docker
 * runs; this machine's CI has no docker daemon.)
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from '../src/config.ts';

const read = (file: string) =>
  readFileSync(fileURLToPath(new URL(`../../../${file}`, import.meta.url)), 'utf8');

describe('.env.example', () => {
  const lines = read('.env.example').split('\n');

  it.each(CONFIG_VARIABLES)('documents %s with a comment', (name) => {
    const at = lines.findIndex((line) => new RegExp(`^(# )?${name}=`).test(line));
    expect(at, `${name} is missing`).toBeGreaterThan(0);
    // The line above is its comment (or another variable of the same comment's group).
    let above = at - 1;
    while (/^(# )?[A-Z0-9_]+=/.test(lines[above]!)) above--;
    expect(lines[above], name).toMatch(/^# \S/);
  });

  it('sets no value but the compose ones (empty values would override the defaults)', () => {
    const set = lines.filter((line) => /^[A-Z0-9_]+=/.test(line)).map((l) => l.split('=')[0]);
    expect(set).toEqual(['SITE_ADDRESS', 'POSTGRES_PASSWORD', 'JWT_SECRET']);
  });
});

describe('README', () => {
  const readme = read('README.md');

  it.each(CONFIG_VARIABLES)('lists %s in its configuration table', (name) => {
    expect(readme).toMatch(new RegExp(`^\\|[^\\n]*\`${name}\``, 'm'));
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');

  it("trusts the proxy at Caddy's fixed address, inside the backend network", () => {
    const caddy = /ipv4_address: (\d+\.\d+\.\d+\.\d+)/.exec(compose)?.[1];
    const trusted = /TRUST_PROXY: (\S+)/.exec(compose)?.[1];
    expect(caddy).toBeDefined();
    expect(trusted).toBe(caddy);
    const subnet = /subnet: (\d+\.\d+\.\d+)\.0\/24/.exec(compose)?.[1];
    expect(caddy!.startsWith(`${subnet}.`)).toBe(true);
  });

  it('runs two app replicas after a one-shot migrate, on healthy PostgreSQL and Redis', () => {
    expect(compose).toMatch(/replicas: 2/);
    expect(compose).toMatch(/command: \['pnpm', 'db:migrate'\]/);
    expect(compose).toMatch(/condition: service_completed_successfully/);
    expect(compose.match(/condition: service_healthy/g)?.length).toBeGreaterThanOrEqual(3);
    expect(compose).toMatch(/pg_isready/);
    expect(compose).toMatch(/redis-cli', 'ping'/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('checks liveness, runs as node, and uses the bootstrap pnpm', () => {
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/v1\/health\/live/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    const pnpm = /SOLAR_PNPM_VERSION="([^"]+)"/.exec(read('scripts/bootstrap.sh'))?.[1];
    expect(dockerfile).toContain(`ARG PNPM_VERSION=${pnpm}`);
    // The final stage installs production dependencies only.
    expect(dockerfile).toMatch(
      /pnpm install --frozen-lockfile --prod --filter "@solar\/server\.\.\."/,
    );
  });
});
