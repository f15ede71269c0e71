import type { Plugin } from 'vite';

/*
 * @apache-annotator/dom (the reader's highlights) is compiled with Babel's corejs3 runtime, which
 * imports core-js-pure's ponyfills for Symbol, Promise, Array.from, instance methods and the like:
 * 125 KB in the reader's script for what every browser the app supports has built in. This plugin
 * answers those imports with the browser's own: `core-js-pure/features/object/keys` is
 * `Object.keys`, `…/instance/slice` is `(it) => it.slice`. A path it does not know fails the build
 * rather than shipping a ponyfill unnoticed.
 */

const PREFIX = '\0native-core-js:';
const PATTERN =
  /^(?:@babel\/runtime-corejs3\/core-js(?:-stable)?|core-js-pure\/(?:features|stable|actual|es|full))\/(.+?)(?:\/index)?(?:\.js)?$/;

const camel = (name: string) => name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const GLOBALS: Record<string, string> = {
  array: 'Array',
  object: 'Object',
  reflect: 'Reflect',
  promise: 'Promise',
  symbol: 'Symbol',
  map: 'Map',
  set: 'Set',
  'weak-map': 'WeakMap',
  number: 'Number',
  math: 'Math',
  json: 'JSON',
};

/** The native value of a core-js path, as a JavaScript expression; undefined when unknown. */
export function nativeOf(path: string): string | undefined {
  const [head, tail, ...rest] = path.split('/');
  if (rest.length > 0) return undefined;
  if (head === 'instance' && tail) return `function (it) { return it.${camel(tail)}; }`;
  if (head === 'get-iterator-method' && !tail) return 'function (it) { return it == null ? undefined : it[Symbol.iterator]; }';
  if (head === 'get-iterator' && !tail) return 'function (it) { return it[Symbol.iterator](); }';
  if (head === 'is-iterable' && !tail) return 'function (it) { return it != null && typeof it[Symbol.iterator] === "function"; }';
  const global = GLOBALS[head];
  if (!global) return undefined;
  return tail ? `${global}.${camel(tail)}` : global;
}

export function nativeCoreJs(): Plugin {
  return {
    name: 'native-core-js',
    enforce: 'pre',
    resolveId(source) {
      const path = PATTERN.exec(source)?.[1];
      if (!path) return null;
      if (!nativeOf(path)) this.error(`native-core-js: no native stand-in for ${source}`);
      return PREFIX + path;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `module.exports = ${nativeOf(id.slice(PREFIX.length))};\n`;
    },
  };
}
