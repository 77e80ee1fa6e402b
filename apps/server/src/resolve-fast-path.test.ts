import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fastResolve } from './resolve-fast-path.ts';

const drizzle = 'file:///app/node_modules/.pnpm/drizzle-orm@1/node_modules/drizzle-orm/';

describe('fastResolve', () => {
  it("answers relative imports between drizzle-orm's own files with the joined URL and format", () => {
    expect(fastResolve('./column.js', `${drizzle}pg-core/table.js`)).toEqual({
      url: `${drizzle}pg-core/column.js`,
      format: 'module',
    });
    expect(fastResolve('../sql/index.cjs', `${drizzle}pg-core/table.cjs`)).toEqual({
      url: `${drizzle}sql/index.cjs`,
      format: 'commonjs',
    });
  });

  it('leaves every other resolution to Node', () => {
    // Bare specifiers, importers outside the package, paths that leave the package, other
    // extensions, and no importer at all.
    expect(fastResolve('drizzle-orm', `${drizzle}index.js`)).toBeUndefined();
    expect(fastResolve('./column.js', 'file:///app/apps/server/src/db/schema.ts')).toBeUndefined();
    expect(
      fastResolve('../../pg/lib/index.js', `${drizzle}node-postgres/session.js`),
    ).toBeUndefined();
    expect(fastResolve('./data.json', `${drizzle}index.js`)).toBeUndefined();
    expect(fastResolve('./types.d.ts', `${drizzle}index.js`)).toBeUndefined();
    expect(fastResolve('./index.js', undefined)).toBeUndefined();
  });

  it("gives Node's own answer for every import the server makes inside drizzle-orm", () => {
    // A fresh Node process resolves the server's drizzle-orm entry points with Node's own
    // resolver and compares each answer fastResolve would give.
    const script = `
      import { registerHooks } from 'node:module';
      import { fastResolve } from ${JSON.stringify(fileURLToPath(new URL('./resolve-fast-path.ts', import.meta.url)))};
      let answered = 0;
      const wrong = [];
      registerHooks({
        resolve(specifier, context, nextResolve) {
          const own = nextResolve(specifier, context);
          const fast = fastResolve(specifier, context.parentURL);
          if (fast) {
            answered++;
            if (fast.url !== own.url || fast.format !== own.format) wrong.push({ specifier, parent: context.parentURL, fast, own });
          }
          return own;
        },
      });
      for (const entry of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/pglite', 'drizzle-orm/pglite/migrator', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator']) {
        await import(entry);
      }
      console.log(JSON.stringify({ answered, wrong }));
    `;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    const { answered, wrong } = JSON.parse(output.trim().split('\n').at(-1)!) as {
      answered: number;
      wrong: unknown[];
    };
    expect(wrong).toEqual([]);
    // The server's start resolves some 450 files there; the hook must be answering them.
    expect(answered).toBeGreaterThan(300);
  });
});
