/**
 * compose.yaml follows the Compose Specification: it is checked against the specification's
 * published JSON schema (vendored in compose-spec/ with its source, checksum and licence,
 * since tests run offline) by Ajv, YAML merge keys resolved as Docker Compose resolves them.
 * CI also runs `docker compose config --quiet` on it (.github/workflows/ci.yml).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (file: string) => readFileSync(fileURLToPath(new URL(file, import.meta.url)), 'utf8');

const schema = JSON.parse(read('./compose-spec/compose-spec.json')) as Record<string, unknown>;
const validate = new Ajv2020({ allErrors: true }).compile(schema);
type Tree = { [key: string]: unknown };
const composeFile = () => parse(read('../../../compose.yaml'), { merge: true }) as Tree;

/** The value at a dotted path of `tree`. */
const at = (tree: Tree, dotted: string): unknown =>
  dotted.split('.').reduce<unknown>((node, key) => (node as Tree)[key], tree);

/** `tree` with `value` set at a dotted path. */
function set(tree: Tree, dotted: string, value: unknown): Tree {
  const keys = dotted.split('.');
  (at(tree, keys.slice(0, -1).join('.')) as Tree)[keys.at(-1)!] = value;
  return tree;
}

/** Ajv's errors as lines: where, what. */
const problems = () =>
  (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`);

describe('compose.yaml against the Compose Specification schema', () => {
  it('is valid', () => {
    const compose = composeFile();
    expect(validate(compose), problems().join('\n')).toBe(true);
    // The merge keys were resolved: the app's build and networks came from x-app.
    expect(at(compose, 'services.app.build')).toBe('.');
    expect(at(compose, 'services.migrate.networks')).toEqual(['backend']);
  });

  it.each([
    ['an unknown service attribute', 'services.app.replica', 2],
    ['an unknown dependency condition', 'services.app.depends_on.postgres.condition', 'healthy'],
    ['ports that are not a list', 'services.caddy.ports', '80:80'],
  ])('would refuse %s', (_name, dotted, value) => {
    expect(validate(set(composeFile(), dotted, value))).toBe(false);
  });
});
