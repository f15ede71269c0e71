/**
 * What may import what (npm run check:deps; CI runs it). Each rule's comment is printed beside a
 * broken import, to say which rule it broke and why the rule is there.
 *
 * The floors: src/shared is the ground floor (schemas, rules and texts the server, the web app and
 * the extension all use); src/server, src/web and src/extension stand on it and never on each
 * other's server. Inside the server and the web app, each folder is a room that owns a feature.
 */
const rooms = '^(src/(?:server|web|extension)/[^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle-at-run-time',
      severity: 'error',
      comment:
        'These modules import each other at run time (see the cycle printed above). One of them runs before the other has ' +
        'finished loading, so an import can still be undefined when first used. Move what both need into a third module, ' +
        'or hand the dependency in as a parameter or a registration instead of importing it back.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-cycle-between-rooms',
      severity: 'error',
      comment:
        'Two rooms (folders such as src/server/links and src/server/users) import each other, if only for types. A room ' +
        'may use another, but not the other way round as well: then neither can be read or changed alone. Put the shared ' +
        'type or function in the room that owns the data, or in src/shared, and import it from one side only.',
      from: { path: rooms },
      to: { circular: true, via: { pathNot: '^$1/' } },
    },
    {
      name: 'no-cycle-in-shared',
      severity: 'error',
      comment:
        'Files of src/shared import each other in a circle, if only for types. src/shared is the ground floor every part ' +
        'of the app reads; each of its files should stand on its own or on files below it. Move what both need into one of them ' +
        'or into a new file both import.',
      from: { path: '^src/shared/' },
      to: { circular: true },
    },
    {
      name: 'cycle-inside-a-room',
      severity: 'warn',
      comment:
        'Files of one room import each other in a circle, by types only. Allowed, but it is a sign that a type lives in the ' +
        'wrong file: move it to the file that owns the data, or to a types file both import.',
      from: { path: rooms },
      to: { circular: true, viaOnly: { path: '^$1/' } },
    },
    {
      name: 'server-stays-on-the-server',
      severity: 'error',
      comment:
        'The web app, the browser extension and src/shared run in a browser and must not import src/server (Node-only code, ' +
        'secrets and the database). Move what both sides need into src/shared, or ask the server for it through the API.',
      from: { path: '^src/(web|extension|shared)/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'shared-imports-nothing-of-the-app',
      severity: 'error',
      comment:
        'src/shared is the ground floor: the server, the web app and the extension all import it, so it imports none of them ' +
        '(nor tests or scripts). Move the code you need down into src/shared, or keep the code that needs it where it is.',
      from: { path: '^src/shared/' },
      to: { path: '^(src/(server|web|extension)|tests|scripts|bench)/' },
    },
    {
      name: 'app-code-imports-no-test-code',
      severity: 'error',
      comment:
        'Code that ships (src/, but its *.test.ts files) must not import tests/: test support (fakes, factories) would end up ' +
        'in the build. Move what the app needs into src/.',
      from: { path: '^src/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^tests/' },
    },
    {
      name: 'no-unresolvable-import',
      severity: 'error',
      comment: 'This import names a file or package that does not exist (a typo, or a file moved without its importers).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/server/db/migrations/', '/fixtures/'] },
    // Type-only imports count: a cycle between rooms by types still ties them together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
