import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import { createIntl } from 'react-intl';
import { allLifetimeMessages, allMessages } from '@solar/domain';
import { PIPELINE_ACTIONS, PROJECT_STATUSES } from '@solar/domain/pipeline';
import { catalog as enCatalog } from './catalog.en.ts';
import { mergeCatalog } from './catalog.ts';
import domainEnglish from './domain.en.json';
import {
  FEATURES,
  initialLocale,
  loadCatalog,
  loadedCatalog,
  loadFeatureMessages,
  LOCALES,
  type Locale,
} from './locales.ts';

/** Every language's core files (domain.<locale>.json, app.<locale>.json). */
const coreFiles = import.meta.glob<Record<string, string>>(['./domain.*.json', './app.*.json'], {
  eager: true,
  import: 'default',
});
/** A language's core catalog, merged as locales.ts merges it. */
const core = (locale: Locale) =>
  mergeCatalog(coreFiles[`./domain.${locale}.json`] ?? {}, coreFiles[`./app.${locale}.json`] ?? {});
/** The languages other than English, checked against it. */
const others = LOCALES.filter((locale) => locale !== 'en');

const featureFiles = import.meta.glob<Record<string, string>>('../features/*/messages.*.json', {
  eager: true,
  import: 'default',
});
/** Each feature's catalog per locale, keyed by the feature folder. */
const featureCatalogs: Record<string, Partial<Record<Locale, Record<string, string>>>> = {};
for (const [file, messages] of Object.entries(featureFiles)) {
  const [, feature, locale] = /features\/([^/]+)\/messages\.(\w+)\.json$/.exec(file)!;
  (featureCatalogs[feature!] ??= {})[locale as Locale] = messages;
}

/** Every message of a language: its core catalog and all its features' messages. */
const full = (locale: Locale, core: Record<string, string>) =>
  Object.assign({}, core, ...Object.values(featureCatalogs).map((f) => f[locale])) as Record<
    string,
    string
  >;
const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, full(locale, core(locale))]),
) as Record<Locale, Record<string, string>>;

/** Every message descriptor of the domain: its general messages and the lifetime figures'. */
const domainMessages = { ...allMessages, ...allLifetimeMessages };

describe('locale catalogs', () => {
  it('has a core (domain and app messages) for every interface language, and no other', () => {
    const locales = (files: string[]) =>
      [...new Set(files.map((file) => /\.(\w+)\.json$/.exec(file)![1]))].sort();
    for (const kind of ['domain', 'app']) {
      const files = Object.keys(coreFiles).filter((file) => file.startsWith(`./${kind}.`));
      expect([kind, locales(files)]).toEqual([kind, [...LOCALES].sort()]);
    }
    expect(locales(Object.keys(featureFiles))).toEqual([...LOCALES].sort());
  });

  it('merges the English core like the other languages', () => {
    expect(core('en')).toEqual(enCatalog);
  });

  it.each([...LOCALES])('every %s message parses as ICU MessageFormat', (locale) => {
    for (const [id, text] of Object.entries(catalogs[locale])) {
      expect(() => parse(text), `${locale} ${id}`).not.toThrow();
    }
  });

  it('English covers every domain message with its default text', () => {
    for (const message of Object.values(domainMessages)) {
      expect(catalogs.en[message.id]).toBe(message.defaultMessage);
    }
  });

  it('domain.en.json has exactly the domain messages (regenerate it from the descriptors)', () => {
    expect(Object.keys(domainEnglish).sort()).toEqual(
      Object.values(domainMessages)
        .map((message) => message.id)
        .sort(),
    );
  });

  it.each(others)('%s keeps every {placeholder} of the English text', (locale) => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [id, text] of Object.entries(catalogs.en)) {
      expect([id, placeholders(catalogs[locale][id] ?? '')]).toEqual([id, placeholders(text)]);
    }
  });

  const english = Object.keys(catalogs.en).sort();
  it.each(others)('%s has every message id English has, and no others', (locale) => {
    expect(Object.keys(catalogs[locale]).sort()).toEqual(english);
  });

  it.each(Object.keys(featureCatalogs))(
    'feature %s has a messages file with the same ids in every language',
    (feature) => {
      const byLocale = featureCatalogs[feature]!;
      const ids = Object.keys(byLocale.en ?? {}).sort();
      expect(ids.length).toBeGreaterThan(0);
      for (const locale of others) {
        expect([locale, byLocale[locale] && Object.keys(byLocale[locale]).sort()]).toEqual([
          locale,
          ids,
        ]);
      }
    },
  );

  it.each(others)('%s has no empty message', (locale) => {
    expect(Object.entries(catalogs[locale]).filter(([, text]) => !text.trim())).toEqual([]);
  });

  it.each(LOCALES)(
    '%s names every pipeline status and action in the messages that list them',
    (locale) => {
      const messages = core(locale);
      for (const [id, codes] of [
        ['pipeline.status', PROJECT_STATUSES],
        ['pipeline.action', PIPELINE_ACTIONS],
      ] as const) {
        const listed = messages[id]?.split(/[\s,.:;]+/) ?? [];
        expect([id, codes.filter((code) => !listed.includes(code))]).toEqual([id, []]);
      }
    },
  );

  it('no two catalog files define the same id', () => {
    const seen = new Map<string, string>();
    for (const [feature, locales] of Object.entries(featureCatalogs)) {
      for (const id of Object.keys(locales.en ?? {})) {
        expect([id, seen.get(id) ?? feature]).toEqual([id, feature]);
        seen.set(id, feature);
      }
    }
  });

  it('lists every feature folder that has messages', () => {
    expect([...FEATURES].sort()).toEqual(Object.keys(featureCatalogs).sort());
  });

  it('no feature shares an id with the core catalogs', () => {
    for (const locales of Object.values(featureCatalogs)) {
      for (const id of Object.keys(locales.en ?? {}))
        expect([id, id in enCatalog]).toEqual([id, false]);
    }
  });

  it('has the English core ready, loads Spanish and Russian on demand, features with screens', async () => {
    const esCatalog = core('es');
    const ruCatalog = core('ru');
    expect(loadedCatalog('en')).toEqual(enCatalog);
    expect(loadedCatalog('ru')).toBeUndefined();
    await loadCatalog('en');
    expect(await loadCatalog('es')).toEqual(esCatalog);
    // A feature loads in every language asked for so far, and not in the others.
    await loadFeatureMessages('profile');
    expect(loadedCatalog('en')).toEqual({ ...enCatalog, ...featureCatalogs.profile!.en });
    expect(loadedCatalog('es')).toEqual({ ...esCatalog, ...featureCatalogs.profile!.es });
    expect(loadedCatalog('ru')).toBeUndefined();
    // A language asked for later comes with the features already in use.
    expect(await loadCatalog('ru')).toEqual({ ...ruCatalog, ...featureCatalogs.profile!.ru });
    expect(loadedCatalog('ru')).toBe(loadedCatalog('ru'));
  });

  it('prefers the stored language, then the browser language, then English', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(initialLocale(storage('ru'), ['es-ES'])).toBe('ru');
    expect(initialLocale(storage('de'), ['es-ES'])).toBe('es');
    expect(initialLocale(storage(null), ['de-DE'])).toBe('en');
  });
});

/**
 * Spanish speaks to the customer as "usted" (docs/product.md#languages-and-formats): words
 * that only the informal "tú" uses, anywhere in a message, and "tú" imperatives that open a
 * sentence.
 */
const TU_WORDS = [
  'tu',
  'tus',
  'te',
  'ti',
  'contigo',
  'tienes',
  'puedes',
  'podrás',
  'quieres',
  'estás',
  'eres',
  'necesitas',
  'debes',
  'usas',
  'introduces',
  'olvidaste',
  'abriste',
  'regístrate',
  'inténtalo',
  'revísalos',
  'escríbenos',
  'contáctanos',
  'cópialo',
  'ábrelos',
  'elígela',
  'guárdala',
  'cuéntale',
  'mantén',
];
const TU_IMPERATIVES = [
  'inicia',
  'calcula',
  'evalúa',
  'planifica',
  'introduce',
  'elige',
  'revisa',
  'escribe',
  'selecciona',
  'prueba',
  'pregunta',
  'consulta',
  'crea',
  'guarda',
  'haz',
  'confirma',
  'sube',
  'permite',
  'comprueba',
  'contacta',
  'actualiza',
  'elimina',
  'completa',
  'registra',
  'verifica',
  'vuelve',
];
const letters = '\\p{L}';
const tuWord = new RegExp(`(?<![${letters}])(${TU_WORDS.join('|')})(?![${letters}])`, 'iu');
const tuImperative = new RegExp(
  `(?:^|[.;!?¿¡]\\s*|\\s[¿¡])(${TU_IMPERATIVES.join('|')})(?![${letters}])`,
  'iu',
);

describe('Spanish voice (docs/product.md#languages-and-formats: usted)', () => {
  it('has no "tú" word in any Spanish message', () => {
    const informal = Object.entries(catalogs.es).filter(([, text]) => tuWord.test(text));
    expect(informal).toEqual([]);
  });

  it('opens no Spanish sentence with a "tú" imperative', () => {
    const informal = Object.entries(catalogs.es).filter(([, text]) => tuImperative.test(text));
    expect(informal).toEqual([]);
  });

  it.each([
    ['¿Olvidaste tu contraseña?', true],
    ['¿No tienes una cuenta?', true],
    ['Regístrate', true],
    ['Inicia sesión en Solar', true],
    ['Error. Inténtalo de nuevo.', true],
    ['¿Olvidó su contraseña?', false],
    ['Inicie sesión en Solar', false],
    ['Su techo tiene espacio; la tarifa sube un 3 %.', false],
  ])('tells "%s" as informal: %s', (text, informal) => {
    expect(tuWord.test(text) || tuImperative.test(text)).toBe(informal);
  });
});

/**
 * A number and the word it counts are one ICU plural message, so the word agrees with the
 * number in each language; a fraction takes Russian "other" (docs/product.md#languages-and-formats).
 */
describe('plural words (docs/product.md#languages-and-formats)', () => {
  const say = (locale: Locale, id: string, values: Record<string, number>) =>
    createIntl({ locale, messages: catalogs[locale] }).formatMessage({ id }, values);
  const PAYBACK_IDS = [
    'quickCalculator.results.paybackYears',
    'fullCalculator.result.paybackYears',
    'projects.proposal.years',
  ];

  it.each([
    ['ru', 1, '1 год'],
    ['ru', 4.5, '4,5 года'],
    ['ru', 3, '3 года'],
    ['ru', 5, '5 лет'],
    ['ru', 11, '11 лет'],
    ['ru', 21, '21 год'],
    ['es', 1, '1 año'],
    ['es', 4.5, '4,5 años'],
    ['es', 5, '5 años'],
    ['en', 1, '1 year'],
    ['en', 4.5, '4.5 years'],
    ['en', 21, '21 years'],
  ] as const)('says a %s payback of %s as "%s"', (locale, years, text) => {
    for (const id of PAYBACK_IDS) expect([id, say(locale, id, { years })]).toEqual([id, text]);
  });

  it.each([
    ['en', 1, '1–1 of 1 user'],
    ['en', 13, '1–10 of 13 users'],
    ['es', 1, '1–1 de 1 usuario'],
    ['ru', 1, '1–1 из 1 пользователя'],
    ['ru', 21, '1–10 из 21 пользователя'],
    ['ru', 13, '1–10 из 13 пользователей'],
  ] as const)('says a %s users range of %s', (locale, total, text) => {
    const to = Math.min(total, 10);
    expect(say(locale, 'users.list.range', { from: 1, to, total })).toBe(text);
  });
});
